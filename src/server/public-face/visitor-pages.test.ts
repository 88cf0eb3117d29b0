import type * as Zlib from 'node:zlib';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createVisitorPages, servedPage, visitorPageKey, type DrawnPage, type VisitorPages } from './visitor-pages';

// gzipSync as it is, counted: the store must not compress a page nobody asked for compressed.
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  return { ...zlib, gzipSync: vi.fn(zlib.gzipSync) };
});

const htmlOf = async (pages: VisitorPages, key: string, draw: () => Promise<DrawnPage>) =>
  (await pages.serve(key, draw)).html;

function counter(pages: DrawnPage[]) {
  let calls = 0;
  const draw = async () => pages[Math.min(calls++, pages.length - 1)]!;
  return { draw, calls: () => calls };
}

describe('a visitor’s drawn pages', () => {
  it('are drawn once and served as drawn until their time is up, then drawn again', async () => {
    let clock = 0;
    const pages = createVisitorPages({ keepMs: 10_000, now: () => clock });
    const { draw, calls } = counter([
      { html: 'first', isKept: true },
      { html: 'second', isKept: true },
    ]);
    expect(await htmlOf(pages, '/browse', draw)).toBe('first');
    clock = 9_999;
    expect(await htmlOf(pages, '/browse', draw)).toBe('first');
    expect(calls()).toBe(1);
    clock = 10_000;
    expect(await htmlOf(pages, '/browse', draw)).toBe('second');
    expect(calls()).toBe(2);
  });

  it('are kept per address', async () => {
    const pages = createVisitorPages();
    expect(await htmlOf(pages, '/browse?q=tent', async () => ({ html: 'tent', isKept: true }))).toBe('tent');
    expect(await htmlOf(pages, '/browse?q=stove', async () => ({ html: 'stove', isKept: true }))).toBe('stove');
    expect(await htmlOf(pages, '/browse?q=tent', async () => ({ html: 'redrawn', isKept: true }))).toBe('tent');
  });

  it('are drawn once for everyone who asks while the drawing is under way', async () => {
    const pages = createVisitorPages();
    let finish: (page: DrawnPage) => void = () => {};
    let calls = 0;
    const draw = () => {
      calls += 1;
      return new Promise<DrawnPage>((resolve) => (finish = resolve));
    };
    const answers = Promise.all([htmlOf(pages, '/', draw), htmlOf(pages, '/', draw), htmlOf(pages, '/', draw)]);
    finish({ html: 'landing', isKept: true });
    expect(await answers).toEqual(['landing', 'landing', 'landing']);
    expect(calls).toBe(1);
  });

  it('are not kept when not wholly drawn (the shell after the wait), nor when the drawing fails', async () => {
    const pages = createVisitorPages();
    const { draw, calls } = counter([
      { html: 'shell', isKept: false },
      { html: 'drawn', isKept: true },
    ]);
    expect(await htmlOf(pages, '/user/ada', draw)).toBe('shell');
    expect(await htmlOf(pages, '/user/ada', draw)).toBe('drawn');
    expect(calls()).toBe(2);

    await expect(htmlOf(pages, '/browse', () => Promise.reject(new Error('renderer down')))).rejects.toThrow();
    expect(await htmlOf(pages, '/browse', async () => ({ html: 'after', isKept: true }))).toBe('after');
  });

  it('hold at most their size (keys, pages and compressed copies), forgetting the oldest first', async () => {
    // Each of /a, /b and /c below takes the same room: two fit, three do not.
    const room = '/a'.length + 'aaaa'.length + gzipSync('aaaa').length;
    const pages = createVisitorPages({ maxChars: 2 * room + 1 });
    const drawn = (html: string) => async () => ({ html, isKept: true });
    await htmlOf(pages, '/a', drawn('aaaa'));
    await htmlOf(pages, '/b', drawn('bbbb'));
    await htmlOf(pages, '/c', drawn('cccc')); // three: /a goes
    expect(await htmlOf(pages, '/a', drawn('AAAA'))).toBe('AAAA'); // drawn again; /b goes
    expect(await htmlOf(pages, '/c', drawn('CCCC'))).toBe('cccc');
    expect(await htmlOf(pages, '/b', drawn('BBBB'))).toBe('BBBB');
    // A page larger than the whole store is served, never kept.
    const big = 'x'.repeat(4 * room);
    expect(await htmlOf(pages, '/big', drawn(big))).toBe(big);
    expect(await htmlOf(pages, '/big', drawn('small'))).toBe('small');
  });

  it('are one per page: a shared link’s query is not a page of its own, but Browse’s search is', () => {
    const key = (address: string) => visitorPageKey(new URL(address, 'https://ticklist.example'));
    expect(key('/checklist/abc?fbclid=1')).toBe('/checklist/abc');
    expect(key('/user/ada?utm_source=chat')).toBe('/user/ada');
    expect(key('/?ref=x')).toBe('/');
    expect(key('/browse?tag=camping&q=tent')).toBe(key('/browse?q=tent&tag=camping'));
    expect(key('/browse?q=tent')).not.toBe(key('/browse?q=stove'));
    expect(key('/browse')).toBe('/browse?');
  });

  it('carry their gzip copy, made once, for clients that accept it', async () => {
    const pages = createVisitorPages();
    const page = await pages.serve('/', async () => ({ html: '<p>landing</p>', isKept: true }));
    expect(gunzipSync(page.gzip).toString('utf8')).toBe('<p>landing</p>');
    expect(page.gzip).toBe(page.gzip);
    expect(await pages.serve('/', async () => ({ html: 'redrawn', isKept: true }))).toBe(page);
  });

  it('compress a page only when its gzip copy is first asked for, and then once', () => {
    const compress = vi.mocked(gzipSync);
    compress.mockClear();
    const page = servedPage('<p>signed in</p>');
    expect(page.html).toBe('<p>signed in</p>');
    expect(compress).not.toHaveBeenCalled();
    expect(gunzipSync(page.gzip).toString('utf8')).toBe('<p>signed in</p>');
    expect(page.gzip).toBe(page.gzip);
    expect(compress).toHaveBeenCalledTimes(1);
  });
});
