import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs, so a build can be served from any folder.
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
  // Tiled maps are JSON under another extension; let Vite serve them as assets.
  assetsInclude: ['**/*.tmj'],
});
