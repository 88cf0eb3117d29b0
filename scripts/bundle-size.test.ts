import { describe, expect, it } from 'vitest';
import { chunksBeforeUsable, measureRoutes, type Manifest } from './bundle-size';

// A small build: the entry shares `_vendor` with the browse page, which also has a chunk of its own
// (`_card`, which imports `_vendor` again) and a stylesheet; confetti and the dashboard load later.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/browse-page.tsx', 'src/dashboard.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_vendor.js'] },
  '_styles.css': { file: 'assets/browse.css' },
  'src/browse-page.tsx': {
    file: 'assets/browse-page.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_vendor.js', '_styles.css'],
    dynamicImports: ['src/confetti.ts'],
  },
  'src/confetti.ts': { file: 'assets/confetti.js', isDynamicEntry: true },
  'src/dashboard.tsx': { file: 'assets/dashboard.js', isDynamicEntry: true, imports: ['_card.js'] },
};

describe('chunksBeforeUsable', () => {
  it('is the entry with its static imports, then the route chunk with its own, each once, without dynamic imports or CSS', () => {
    expect(chunksBeforeUsable(manifest, 'index.html', 'src/browse-page.tsx')).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/browse-page.js',
      'assets/card.js',
    ]);
  });

  it('fails on a route module the manifest does not have, or one that is not lazily loaded', () => {
    expect(() => chunksBeforeUsable(manifest, 'index.html', 'src/renamed-page.tsx')).toThrow(/renamed-page/);
    expect(() => chunksBeforeUsable(manifest, 'index.html', '_card.js')).toThrow(/not a lazily loaded chunk/);
  });
});

describe('measureRoutes', () => {
  const sizes: Record<string, number> = {
    'assets/index.js': 100,
    'assets/vendor.js': 20,
    'assets/browse-page.js': 5,
    'assets/card.js': 3,
    'assets/dashboard.js': 500,
  };
  const measure = (budget: number) =>
    measureRoutes(
      manifest,
      'index.html',
      { '/browse': 'src/browse-page.tsx', '/dashboard': 'src/dashboard.tsx' },
      (file) => sizes[file] ?? 0,
      budget,
    );

  it('sums what each route loads and names the routes past the budget', () => {
    const { sizes: measured, overBudget } = measure(130);
    expect(measured.map((size) => [size.route, size.totalBytes])).toEqual([
      ['/browse', 128],
      ['/dashboard', 623],
    ]);
    expect(overBudget.map((size) => size.route)).toEqual(['/dashboard']);
  });

  it('lets a route at exactly the budget pass', () => {
    expect(measure(623).overBudget).toEqual([]);
  });
});
