import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Server traffic the service worker must never answer from a cache: the API, the back office, the websocket,
 * and the built-in support page the chat screen frames.
 */
const NEVER_CACHED = [/^\/api\//, /^\/v1\//, /^\/admin\//, /^\/support(\?|$)/];

/**
 * Writes .br and .gz beside every text file of the build; the server sends them to browsers that accept
 * them (@fastify/static preCompressed). Compressed once at build time, not on every request (issue 11).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'meridian-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(body));
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Puts src/boot.ts (built as an entry of its own) in index.html ahead of the app, so that it runs as soon as
 * it arrives, while the app's bundle is still downloading (see boot.ts).
 */
function bootScript(): Plugin {
  return {
    name: 'meridian-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'boot',
        );
        if (!boot) throw new Error('meridian-boot-script: no boot chunk');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    bootScript(),
    precompress(),
    // Installable app: the manifest, and a service worker that precaches the app shell only. The user is
    // asked before a new version takes over (ui/PwaUpdate.tsx); API and websocket traffic always go to the network.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon-96.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'Meridian',
        short_name: 'Meridian',
        description:
          'Live quotes and leveraged trading in forex, metals, indices, energy, crypto and stocks.',
        lang: 'en',
        theme_color: '#0f1724',
        background_color: '#0f1724',
        display: 'standalone',
        orientation: 'portrait',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Instrument logos are many and fetched as they are shown; they are not part of the shell.
        globIgnores: ['logos/**'],
        // Web Push: shows what the server pushes and opens /notifications on a tap (public/sw-push.js).
        importScripts: ['sw-push.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NEVER_CACHED,
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        boot: path.resolve(import.meta.dirname, 'src/boot.ts'),
      },
      output: {
        // Few, larger files for the first screen instead of ~45 small chained ones (issue 11): everything the
        // start-up code (home page included, see routes.tsx) needs from npm in one chunk with Rolldown's
        // runtime, and the app's own start-up code in the entry. Other pages stay lazy and split as Rolldown
        // sees fit. Only modules the entry imports statically are grouped ($initial): a lazy page's widgets
        // stay out of the first screen's files.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/]|rolldown[\\/]runtime/,
              tags: ['$initial'],
              priority: 2,
            },
            // Vite's dynamic-import helper on its own: boot.ts uses it and must not wait for the app's chunk.
            { name: 'preload-helper', test: /preload-helper/, priority: 3 },
            { name: 'app', test: (id) => !/src[\\/]boot\.ts$/.test(id), tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/v1/ws': { target: 'ws://localhost:8080', ws: true },
      '/v1': 'http://localhost:8080',
    },
  },
});
