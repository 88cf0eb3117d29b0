// `npm run dev`: the API server (restarted on change by tsx watch) on PORT 3000 and Vite with hot
// reload on 5173, which proxies /api and /dev to it. BASE_URL is the Vite origin, because that is
// the origin the browser sees (cookies, same-origin checks and links in mails).
import { spawn } from 'node:child_process';

const vitePort = 5173;
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    // One process unless asked: tsx restarts it on every change, and one starts fastest.
    env: {
      WEB_CONCURRENCY: '1',
      ...process.env,
      NODE_ENV: 'development',
      BASE_URL: `http://localhost:${vitePort}`,
      PORT: '3000',
    },
  }),
  spawn('npx', ['vite', '--port', String(vitePort), '--strictPort'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
