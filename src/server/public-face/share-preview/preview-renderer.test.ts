import { describe, expect, it } from 'vitest';
import type { PreviewContent } from './preview-layout';
import { createPreviewRenderer, PreviewBusyError } from './preview-renderer';

const content = (title: string): PreviewContent => ({
  title,
  author: 'Pat',
  avatar: '🦊',
  itemsCount: 2,
  items: [
    { kind: 'item', content: 'One' },
    { kind: 'item', content: 'Two' },
  ],
});

describe('the preview renderer', () => {
  it('renders a PNG and shares one render between requests for the same picture at once', async () => {
    const renderer = createPreviewRenderer({ concurrent: 1, waiting: 0, cacheBytes: 1024 * 1024 });
    const [first, second] = await Promise.all([renderer.png('a', content('A')), renderer.png('a', content('A'))]);
    expect(first.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(second).toBe(first);
    expect(await renderer.png('a', content('A'))).toBe(first);
  });

  it('refuses a render past its queue instead of waiting without end', async () => {
    const renderer = createPreviewRenderer({ concurrent: 1, waiting: 0, cacheBytes: 1024 * 1024 });
    const rendering = renderer.png('a', content('A'));
    await expect(renderer.png('b', content('B'))).rejects.toBeInstanceOf(PreviewBusyError);
    await rendering;
    await expect(renderer.png('b', content('B'))).resolves.toBeInstanceOf(Buffer);
  });

  it('caches the most recently used pictures within its bytes', async () => {
    const probe = await createPreviewRenderer().png('probe', content('Probe'));
    // Room for two pictures of about this size, not three.
    const renderer = createPreviewRenderer({ concurrent: 1, waiting: 4, cacheBytes: Math.floor(probe.length * 2.5) });
    await renderer.png('a', content('Probe'));
    await renderer.png('b', content('Probe'));
    await renderer.png('a', content('Probe'));
    await renderer.png('c', content('Probe'));
    expect([renderer.has('a'), renderer.has('b'), renderer.has('c')]).toEqual([true, false, true]);
  });
});
