import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest lets `npm run size` (scripts/size.ts) follow each route's chunks.
  build: { manifest: true },
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
