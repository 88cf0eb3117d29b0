import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFontMetrics } from './font-metrics';
import { previewSvg, type PreviewContent, type PreviewFonts } from './preview-layout';

// Turns a preview's SVG into a PNG with resvg (no browser), in libuv's thread pool so the event
// loop keeps serving, and caches the newest PNGs in memory (decision 026). One renderer per process.

const require = createRequire(import.meta.url);

/** Inter (SIL Open Font License 1.1), from the npm package: never a system font, so every machine renders the same. */
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  semibold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
};

let fonts: PreviewFonts | undefined;
/** The fonts' metrics, read once per process on first use. */
function loadFonts(): PreviewFonts {
  fonts ??= {
    regular: readFontMetrics(readFileSync(FONT_FILES.regular)),
    semibold: readFontMetrics(readFileSync(FONT_FILES.semibold)),
    bold: readFontMetrics(readFileSync(FONT_FILES.bold)),
  };
  return fonts;
}

export type PreviewLimits = {
  /** Renders at once in this process (each takes a thread-pool thread and a core while it runs). */
  concurrent: number;
  /** Renders waiting for a turn; past this a request is refused at once (503), not queued. */
  waiting: number;
  /** The PNGs cached in memory, in bytes. */
  cacheBytes: number;
};

export const defaultPreviewLimits: PreviewLimits = { concurrent: 2, waiting: 16, cacheBytes: 32 * 1024 * 1024 };

/** Thrown when the renderer has as much work waiting as it may: respond 503 and let the caller come back. */
export class PreviewBusyError extends Error {
  constructor() {
    super('too many previews are being rendered');
  }
}

export type PreviewRenderer = {
  /** The PNG of `content`, cached under `key` (a list id and version: one key, one picture). */
  png(key: string, content: PreviewContent): Promise<Buffer>;
  /** Whether `key`'s PNG is in memory (a request for it costs no render). */
  has(key: string): boolean;
};

export function createPreviewRenderer(limits: PreviewLimits = defaultPreviewLimits): PreviewRenderer {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const cache = new Map<string, Buffer>();
  let cachedBytes = 0;
  const inFlight = new Map<string, Promise<Buffer>>();
  let running = 0;
  const queue: (() => void)[] = [];

  const remember = (key: string, png: Buffer) => {
    if (png.length > limits.cacheBytes) return;
    cache.set(key, png);
    cachedBytes += png.length;
    for (const [oldest, bytes] of cache) {
      if (cachedBytes <= limits.cacheBytes) break;
      cache.delete(oldest);
      cachedBytes -= bytes.length;
    }
  };

  const turn = async () => {
    if (running >= limits.concurrent) {
      if (queue.length >= limits.waiting) throw new PreviewBusyError();
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    running += 1;
  };
  const done = () => {
    running -= 1;
    queue.shift()?.();
  };

  const render = async (content: PreviewContent): Promise<Buffer> => {
    await turn();
    try {
      const { renderAsync } = await import('@resvg/resvg-js');
      const image = await renderAsync(previewSvg(content, loadFonts()), {
        font: {
          fontFiles: Object.values(FONT_FILES),
          loadSystemFonts: false,
          defaultFontFamily: 'Inter',
          sansSerifFamily: 'Inter',
        },
        fitTo: { mode: 'original' },
        logLevel: 'off',
      });
      return image.asPng();
    } finally {
      done();
    }
  };

  return {
    has: (key) => cache.has(key),
    async png(key, content) {
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      // Requests for the same picture at once share one render.
      const pending = inFlight.get(key);
      if (pending) return pending;
      const rendering = render(content).finally(() => inFlight.delete(key));
      inFlight.set(key, rendering);
      const png = await rendering;
      remember(key, png);
      return png;
    },
  };
}
