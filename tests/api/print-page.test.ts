import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../setup/test-app';

// A list's print view (/checklist/{id}/print) is served as its page is, with the list's head, but
// search engines are asked to index the list's page only; a private list's print view is exactly a
// missing one's.

let t: TestApp;
const ids: Record<string, string> = {};
const NOINDEX = '<meta name="robots" content="noindex" data-page-head />';

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'));
  t = await createTestApp({ clientDir });
  const author = await createUser(t.db, { username: 'print_author' });
  ids.open = (await makeChecklist(t.db, author.id, { title: 'Packing <list>' })).id;
  ids.secret = (await makeChecklist(t.db, author.id, { title: 'Secret plan', isPublic: false })).id;
});

async function page(pathname: string) {
  const response = await t.app.request(`${TEST_BASE_URL}${pathname}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the print view’s page', () => {
  it('has the list’s title, asks not to be indexed and names no canonical address of its own', async () => {
    const html = await page(`/checklist/${ids.open}/print`);
    expect(titleOf(html)).toBe('Packing &lt;list&gt; · Ticklist');
    expect(html).toContain(NOINDEX);
    expect(html).not.toContain('rel="canonical"');
    // The list's own page stays the one to index.
    const listPage = await page(`/checklist/${ids.open}`);
    expect(listPage).not.toContain('noindex');
    expect(listPage).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/checklist/${ids.open}"`);
  });

  it('of a private list is exactly a missing list’s: the site’s head, not indexed', async () => {
    const secret = await page(`/checklist/${ids.secret}/print`);
    expect(secret).toBe(await page('/checklist/00000000-0000-4000-8000-000000000000/print'));
    expect(secret).toBe(await page('/checklist/not-an-id/print'));
    expect(titleOf(secret)).toBe('Ticklist');
    expect(secret).toContain(NOINDEX);
    expect(secret).not.toContain('Secret plan');
  });
});
