import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * embed.js, the merchant's "Pay with crypto" button (src/embed/embed.ts): one classic script at the root of dist/
 * (a host page loads it with a plain <script src>, and only a classic script can read its own data- attributes
 * through document.currentScript). Built after the app, into the same dist/, under a stable name that host pages
 * keep; the server revalidates it on each use (not a hashed asset), so a new build reaches every shop at once.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    lib: {
      entry: fileURLToPath(new URL('./src/embed/embed.ts', import.meta.url)),
      formats: ['iife'],
      name: 'CoinlaneEmbed',
      fileName: () => 'embed.js',
    },
  },
});
