import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest lets `npm run size` (scripts/size.ts) follow each route's chunks.
  build: {
    manifest: true,
    // Building a zod schema has no side effect (zod marks its own factories so; the domain's schema
    // helpers carry @__NO_SIDE_EFFECTS__): a page that imports a domain module for its words or
    // rules leaves that module's schemas, and zod with them, out of its chunks (issue 14, decision 019).
    // It would be wrong for `z.config()` or a schema's `.register()`/`.meta()`, which src/ never calls.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
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
