import type * as Zlib from 'node:zlib';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createVisitorPages, servedPage, visitorPageKey, type RenderedPage, type VisitorPages } from './visitor-pages';

// gzipSync as it is, counted: the cache must not compress a page nobody asked for compressed.
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  return { ...zlib, gzipSync: vi.fn(zlib.gzipSync) };
});

const htmlOf = async (pages: VisitorPages, key: string, render: () => Promise<RenderedPage>) =>
  (await pages.serve(key, render)).html;

function counter(pages: RenderedPage[]) {
  let calls = 0;
  const render = async () => pages[Math.min(calls++, pages.length - 1)]!;
  return { render, calls: () => calls };
}

describe('a visitor’s rendered pages', () => {
  it('are rendered once and served as rendered until their time is up, then rendered again', async () => {
    let clock = 0;
    const pages = createVisitorPages({ ttlMs: 10_000, now: () => clock });
    const { render, calls } = counter([
      { html: 'first', isCacheable: true },
      { html: 'second', isCacheable: true },
    ]);
    expect(await htmlOf(pages, '/browse', render)).toBe('first');
    clock = 9_999;
    expect(await htmlOf(pages, '/browse', render)).toBe('first');
    expect(calls()).toBe(1);
    clock = 10_000;
    expect(await htmlOf(pages, '/browse', render)).toBe('second');
    expect(calls()).toBe(2);
  });

  it('are cached per address', async () => {
    const pages = createVisitorPages();
    expect(await htmlOf(pages, '/browse?q=tent', async () => ({ html: 'tent', isCacheable: true }))).toBe('tent');
    expect(await htmlOf(pages, '/browse?q=stove', async () => ({ html: 'stove', isCacheable: true }))).toBe('stove');
    expect(await htmlOf(pages, '/browse?q=tent', async () => ({ html: 'rendered again', isCacheable: true }))).toBe(
      'tent',
    );
  });

  it('are rendered once for everyone who asks while the rendering is under way', async () => {
    const pages = createVisitorPages();
    let finish: (page: RenderedPage) => void = () => {};
    let calls = 0;
    const render = () => {
      calls += 1;
      return new Promise<RenderedPage>((resolve) => (finish = resolve));
    };
    const responses = Promise.all([htmlOf(pages, '/', render), htmlOf(pages, '/', render), htmlOf(pages, '/', render)]);
    finish({ html: 'landing', isCacheable: true });
    expect(await responses).toEqual(['landing', 'landing', 'landing']);
    expect(calls).toBe(1);
  });

  it('are not cached when not wholly rendered (the shell after the wait), nor when the rendering fails', async () => {
    const pages = createVisitorPages();
    const { render, calls } = counter([
      { html: 'shell', isCacheable: false },
      { html: 'rendered', isCacheable: true },
    ]);
    expect(await htmlOf(pages, '/user/ada', render)).toBe('shell');
    expect(await htmlOf(pages, '/user/ada', render)).toBe('rendered');
    expect(calls()).toBe(2);

    await expect(htmlOf(pages, '/browse', () => Promise.reject(new Error('renderer down')))).rejects.toThrow();
    expect(await htmlOf(pages, '/browse', async () => ({ html: 'after', isCacheable: true }))).toBe('after');
  });

  it('hold at most their size (keys, pages and compressed copies), forgetting the oldest first', async () => {
    // Each of /a, /b and /c below takes the same room: two fit, three do not.
    const room = '/a'.length + 'aaaa'.length + gzipSync('aaaa').length;
    const pages = createVisitorPages({ maxChars: 2 * room + 1 });
    const rendered = (html: string) => async () => ({ html, isCacheable: true });
    await htmlOf(pages, '/a', rendered('aaaa'));
    await htmlOf(pages, '/b', rendered('bbbb'));
    await htmlOf(pages, '/c', rendered('cccc')); // three: /a goes
    expect(await htmlOf(pages, '/a', rendered('AAAA'))).toBe('AAAA'); // rendered again; /b goes
    expect(await htmlOf(pages, '/c', rendered('CCCC'))).toBe('cccc');
    expect(await htmlOf(pages, '/b', rendered('BBBB'))).toBe('BBBB');
    // A page larger than the whole cache is served, never cached.
    const big = 'x'.repeat(4 * room);
    expect(await htmlOf(pages, '/big', rendered(big))).toBe(big);
    expect(await htmlOf(pages, '/big', rendered('small'))).toBe('small');
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
    const page = await pages.serve('/', async () => ({ html: '<p>landing</p>', isCacheable: true }));
    expect(gunzipSync(page.gzip).toString('utf8')).toBe('<p>landing</p>');
    expect(page.gzip).toBe(page.gzip);
    expect(await pages.serve('/', async () => ({ html: 'rendered again', isCacheable: true }))).toBe(page);
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
