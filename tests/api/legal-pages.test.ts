import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPageBody } from '../../src/client/entry-server';
import { SESSION_DAYS, UNREMEMBERED_SESSION_HOURS } from '../../src/domain/accounts/lifetimes';
import { legalDocuments } from '../../src/domain/legal/legal-pages';
import { siteCookies } from '../../src/domain/legal/privacy';
import { sessions } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import type { Agent } from '../setup/test-app';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../setup/test-app';

// The Terms of Service and the Privacy Policy are public pages: a visitor's HTML carries their own
// head and their rendered words (decision 025). And what the Privacy Policy says of cookies and
// sessions is what the app does.

let t: TestApp;

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'));
  // A test file's first rendering loads its screens' source through Vitest, which takes a while.
  t = await createTestApp({ clientDir, renderPageBody, pageWaitMs: 30_000 });
});

/** The page's title, description and canonical address, and what is rendered in its root. */
function read(html: string) {
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    description: meta('description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    root: /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1] ?? null,
  };
}

/** Text as the page's HTML writes it (React escapes quotes and ampersands). */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe('the legal pages', () => {
  it.each(legalDocuments.map((document) => [document.path, document] as const))(
    'a visitor gets %s with its own head, rendered with its heading, date and every section, and no cookie',
    async (pagePath, document) => {
      const response = await t.app.request(`${TEST_BASE_URL}${pagePath}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.getSetCookie()).toEqual([]);
      const page = read(await response.text());
      expect(page.title).toBe(`${document.title} · Ticklist`);
      expect(page.description).toBe(document.description);
      expect(page.canonical).toBe(`${TEST_BASE_URL}${pagePath}`);
      expect(page.root).toContain(`>${document.title}</h1>`);
      expect(page.root).toMatch(/<time datetime="2026-11-28">28 November 2026<\/time>/i);
      for (const section of document.sections) {
        expect(page.root).toContain(`<section id="${section.id}"`);
        expect(page.root).toContain(`>${asHtml(section.heading)}</h2>`);
      }
    },
  );

  it('a signed-in reader gets the same head, and the app renders the page', async () => {
    const user = await createUser(t.db, { password: 'legal-reader-1' });
    const agent = t.agent();
    expect(
      (await agent.post('/api/auth/sign-in/email', { email: user.email, password: 'legal-reader-1' })).status,
    ).toBe(200);
    for (const document of legalDocuments) {
      const response = await agent.request(document.path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(read(html).title).toBe(`${document.title} · Ticklist`);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('load nothing from another site: every source the pages’ Content-Security-Policy allows is their own', async () => {
    for (const document of legalDocuments) {
      const policy = (await t.app.request(`${TEST_BASE_URL}${document.path}`)).headers.get('content-security-policy');
      const sources = policy!.split(';').flatMap((directive) => directive.trim().split(/\s+/).slice(1));
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((source) => !["'self'", "'none'", "'unsafe-inline'", 'data:'].includes(source))).toEqual(
        [],
      );
    }
  });
});

describe('what the Privacy Policy says of cookies and sessions', () => {
  const named = siteCookies.map((cookie) => cookie.name);

  /** The names of the cookies a response sets (not those it clears, with an empty value and Max-Age=0). */
  const cookieNames = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => /^([^=]+)=([^;]*)(.*)$/s.exec(cookie)!)
      .filter(([, , value, attributes]) => value !== '' && !/max-age=0\b/i.test(attributes!))
      .map(([, name]) => name!.trim());

  async function signIn(rememberMe: boolean) {
    const user = await createUser(t.db, { password: 'cookie-policy-1' });
    const agent = t.agent();
    const response = await agent.post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
      rememberMe,
    });
    expect(response.status).toBe(200);
    return { user, agent, setNames: cookieNames(response) };
  }

  const uses = (agent: Agent) =>
    Promise.all(['/api/accounts/me', '/api/auth/get-session', '/api/accounts/sessions'].map((p) => agent.request(p)));

  it('the app sets only the cookies the policy names, and signing out clears them', async () => {
    const seen = new Set<string>();
    for (const rememberMe of [true, false]) {
      const { agent, setNames } = await signIn(rememberMe);
      for (const name of setNames) seen.add(name);
      for (const response of await uses(agent)) for (const name of cookieNames(response)) seen.add(name);
      const out = await agent.post('/api/auth/sign-out', {});
      expect(out.status).toBe(200);
      for (const name of cookieNames(out)) seen.add(name);
      expect([...agent.cookies.keys()]).toEqual([]);
    }
    // Both are set by the sign-ins above (the second without "Remember me"), and nothing else is.
    expect([...seen].sort()).toEqual([...named].sort());
  });

  it('deleting the account clears them too', async () => {
    const { user, agent } = await signIn(false);
    expect([...agent.cookies.keys()].sort()).toEqual([...named].sort());
    const deleted = await agent.post('/api/accounts/me/delete', { password: user.password, keepPublicContent: false });
    expect(deleted.status).toBe(200);
    expect([...agent.cookies.keys()]).toEqual([]);
  });

  it(`a session lasts ${SESSION_DAYS} days with “Remember me”, ${UNREMEMBERED_SESSION_HOURS} hours without`, async () => {
    const hourMs = 60 * 60 * 1000;
    for (const [rememberMe, lifetimeMs] of [
      [true, SESSION_DAYS * 24 * hourMs],
      [false, UNREMEMBERED_SESSION_HOURS * hourMs],
    ] as const) {
      const { user } = await signIn(rememberMe);
      const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      const lifetime = session!.expiresAt.getTime() - session!.createdAt.getTime();
      expect(Math.abs(lifetime - lifetimeMs)).toBeLessThan(60_000);
    }
  });
});
