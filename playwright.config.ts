import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './tests/e2e/support/paths';

// Debian's Chromium, never a downloaded browser. The flags keep it off the network it cannot reach.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // Room for a slow machine: there a test that takes 16 s alone took 33 s beside the other worker's,
  // and a page could take over 7 s to show. Only a failing test waits this long.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // Tests look at what a page does, not how it moves: the browsers are the busiest processes of a
    // run on 2 cores, and without the fades, toasts' slides and confetti the nine longest files took
    // 182 s of test time in one run, against 186–206 s in three runs with them.
    // A test about motion itself asks for it back: test.use({ reducedMotion: 'no-preference' }).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // The app's service worker would answer some requests itself, out of `page.route`'s reach, and
    // keep copies of lists between a test's steps: only the specs about the installed app and
    // offline use allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'chromium', use: desktopChrome, testIgnore: /database-outage\.spec\.ts/ },
    // Stops the shared database for real, so it runs alone once every other test is done.
    {
      name: 'database-outage',
      use: desktopChrome,
      testMatch: /database-outage\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    // The built app (npm run test:e2e builds first) on its own embedded PostgreSQL.
    command: 'node_modules/.bin/tsx tests/e2e/support/serve.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
