import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routeAddresses } from './build/route-addresses.js';

const frontend = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(frontend, '..');

export default defineConfig({
  root: frontend,
  plugins: [
    react(),
    // The browser gets the route table's addresses without its schemas (build/route-addresses.ts).
    routeAddresses(),
    // The app installs like one (docs/web-app.md, "Installable app and service worker"): a manifest, and a service
    // worker that keeps the shell and every hashed file it has loaded, so a second visit loads from the device.
    VitePWA({
      // A new version waits until no bill is half entered (frontend/src/app/app-update.ts registers the worker from
      // the app's own bundle, which the Content-Security-Policy allows).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'ShopDesk',
        short_name: 'ShopDesk',
        description: 'Billing, stock, people and your online store in one place.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b6e69',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The shell is precached (a screen path opens offline once visited); screens' chunks are cached as they
        // are first used, not all at the first visit, which would cost a phone the whole app's download.
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png'],
        navigateFallback: '/index.html',
        // The API and the local stack's Lambda endpoint are never answered from the cache.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/2015-03-31\//],
        cleanupOutdatedCaches: true,
        // The first visit's page is served by the worker as soon as it is installed, so the files it loads next
        // (a till's screens) are kept for offline use; a new version still waits (registerType 'prompt').
        clientsClaim: true,
        runtimeCaching: [
          {
            // Hashed names never change content, so the first copy is good for ever.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            // The till adds the files loaded before the worker took over to this cache by name (till-keeper.tsx).
            options: { cacheName: 'hashed-assets', expiration: { maxEntries: 400, maxAgeSeconds: 365 * 24 * 3600 } },
          },
        ],
      },
    }),
  ],
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
      // Lets the bundler drop the entry's unused exports, which inlining small shared chunks (below) needs.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // zod is shared by nearly every screen; in a chunk of its own it is fetched with the first screen that
          // validates, instead of riding in the entry file every page (and the service worker's first visit) loads.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
          // Automatic splitting made a file of every small piece two screens share (an icon, a Mantine part, a
          // route group): Place Order loaded 93 files, a fifth of its bytes on the wire being response headers
          // and each file a request. Shared pieces under 20 KB of source are copied into the screens that use them
          // instead (one copy runs; the bundler's registry keeps one module state). Measured with the page-weight
          // browser test and `npm run bench -- web` (docs/web-app.md, "Page weight"); styles stay files of their own.
          experimentalInlineCommonChunks: { maxSize: 20 * 1024, exclude: /\.css(\?|$)/ },
        },
        // zod probes `new Function` once to decide whether to compile its parsers; the Content-Security-Policy
        // forbids eval, so the browser reports the probe as a violation. Parsing without compiling (`jitless`)
        // needs no probe, and an object schema reads the setting when it is built, which shared modules do as they
        // load. Set at the top of zod's own chunk, it holds before any schema can exist, whatever order the other
        // chunks run in. (zod keeps its settings in this global, the object `z.config()` writes to.)
        postBanner: (chunk) => (chunk.name === 'zod' ? '(globalThis.__zod_globalConfig ??= {}).jitless = true;' : ''),
      },
    },
  },
});
