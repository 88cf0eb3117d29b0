import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- build.mjs is plain JavaScript without declarations.
import { precompress } from './build.mjs';

describe('the build’s compressed copies', () => {
  it('stand beside each script, stylesheet and SVG of 1 KB or more, in brotli and gzip, and decompress to it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('tick '.repeat(500))};`;
    writeFileSync(path.join(dir, 'assets', 'app.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'export {};');
    writeFileSync(path.join(dir, 'index.html'), `<p>${'x'.repeat(2000)}</p>`);
    writeFileSync(path.join(dir, 'favicon.svg'), `<svg>${' '.repeat(2000)}</svg>`);

    (precompress as (dir: string) => void)(dir);

    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'tiny.js']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
    // index.html is a template the server fills in, never sent as a file.
    expect(readdirSync(dir).sort()).toEqual([
      'assets',
      'favicon.svg',
      'favicon.svg.br',
      'favicon.svg.gz',
      'index.html',
    ]);
  });
});
