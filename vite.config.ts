import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installable app: its manifest, and the service worker built from src/client/sw.ts with the
    // built files' list injected. The app registers it itself, after the page has loaded
    // (src/client/lib/pwa), and a new version waits for the person's "Reload".
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Ticklist',
        short_name: 'Ticklist',
        description: 'Discover, clone, customise and work through real-life checklists.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The light theme's header and page; the dark theme's colour is a media-dependent
        // <meta name="theme-color"> in index.html.
        theme_color: '#ffffff',
        background_color: '#f8fafc',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell, every screen's scripts and styles, the fonts and the icons: any app address
        // renders without a connection (the manifest's icons are added by the plugin). Not the brotli and
        // gzip copies beside them.
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', '*.{svg,js}'],
        globIgnores: ['sw.js', 'workbox-*.js'],
      },
    }),
  ],
  // The manifest lets `npm run size` (scripts/size.ts) follow each route's chunks.
  build: {
    manifest: true,
    // Building a zod schema has no side effect (zod marks its own factories so; the domain's schema
    // helpers carry @__NO_SIDE_EFFECTS__): a page that imports a domain module for its words or
    // rules leaves that module's schemas, and zod with them, out of its chunks (decision 019).
    // It would be wrong for `z.config()` or a schema's `.register()`/`.meta()`, which src/ never calls.
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      // Fewer files before a page answers (decision 028): Rolldown splits what two screens share into
      // a common chunk, which left a public page some 20–40 files of 0.2–14 KB. A browser opens at
      // most six connections to one HTTP/1.1 host, so each six more files is another round trip on
      // a slow line. A common chunk under 100 KB of source is copied into the chunks that use it
      // instead (its modules still run once: Rolldown's runtime keeps one registry of them), so a
      // public page loads 6 files, not 20–30, and no more bytes (`npm run size`). Experimental in
      // Rolldown 1.x; it needs the entry's exports free to drop (we export nothing from it). Styles
      // stay files, as Rolldown's guide says a Vite build must.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 100_000,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000' },
      '/dev': { target: 'http://localhost:3000' },
      '/feeds': { target: 'http://localhost:3000' },
      '/sitemap': { target: 'http://localhost:3000' },
      '/robots.txt': { target: 'http://localhost:3000' },
    },
  },
});
