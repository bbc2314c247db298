import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

const frontend = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(frontend, '..');

export default defineConfig({
  root: frontend,
  plugins: [react()],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: {
    // The app imports the route table and schemas from ../shared, outside the Vite root.
    fs: { allow: [repoRoot] },
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: {
    // WEB_OUT_DIR lets several builds of one checkout live side by side (each browser-test run its own).
    outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(frontend, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // zod is shared by nearly every screen; in a chunk of its own it is fetched with the first screen that
        // validates, instead of riding in the entry file every page (and the service worker's first visit) loads.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
