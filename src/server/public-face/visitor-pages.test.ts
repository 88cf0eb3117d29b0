import { describe, expect, it } from 'vitest';
import { createVisitorPages, type DrawnPage } from './visitor-pages';

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
    expect(await pages.serve('/browse', draw)).toBe('first');
    clock = 9_999;
    expect(await pages.serve('/browse', draw)).toBe('first');
    expect(calls()).toBe(1);
    clock = 10_000;
    expect(await pages.serve('/browse', draw)).toBe('second');
    expect(calls()).toBe(2);
  });

  it('are kept per address', async () => {
    const pages = createVisitorPages();
    expect(await pages.serve('/browse?q=tent', async () => ({ html: 'tent', isKept: true }))).toBe('tent');
    expect(await pages.serve('/browse?q=stove', async () => ({ html: 'stove', isKept: true }))).toBe('stove');
    expect(await pages.serve('/browse?q=tent', async () => ({ html: 'redrawn', isKept: true }))).toBe('tent');
  });

  it('are drawn once for everyone who asks while the drawing is under way', async () => {
    const pages = createVisitorPages();
    let finish: (page: DrawnPage) => void = () => {};
    let calls = 0;
    const draw = () => {
      calls += 1;
      return new Promise<DrawnPage>((resolve) => (finish = resolve));
    };
    const answers = Promise.all([pages.serve('/', draw), pages.serve('/', draw), pages.serve('/', draw)]);
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
    expect(await pages.serve('/user/ada', draw)).toBe('shell');
    expect(await pages.serve('/user/ada', draw)).toBe('drawn');
    expect(calls()).toBe(2);

    await expect(pages.serve('/browse', () => Promise.reject(new Error('renderer down')))).rejects.toThrow();
    expect(await pages.serve('/browse', async () => ({ html: 'after', isKept: true }))).toBe('after');
  });

  it('hold at most their size in characters, forgetting the oldest first', async () => {
    const pages = createVisitorPages({ maxChars: 10 });
    const drawn = (html: string) => async () => ({ html, isKept: true });
    await pages.serve('/a', drawn('aaaa'));
    await pages.serve('/b', drawn('bbbb'));
    await pages.serve('/c', drawn('cccc')); // 12 characters: /a goes
    expect(await pages.serve('/a', drawn('AAAA'))).toBe('AAAA'); // drawn again; /b goes
    expect(await pages.serve('/c', drawn('CCCC'))).toBe('cccc');
    expect(await pages.serve('/b', drawn('BBBB'))).toBe('BBBB');
    // A page larger than the whole store is served, never kept.
    expect(await pages.serve('/big', drawn('x'.repeat(11)))).toBe('x'.repeat(11));
    expect(await pages.serve('/big', drawn('small'))).toBe('small');
  });
});
