import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    {
      // In development too, /payment/{id}, /embed/payment/{id}, /subscribe/{planId} and /subscription-portal are
      // the hosted pages' own entry (the server does the same: HOSTED_PAGE and EMBED_PAGE in
      // apps/server/src/http/app.ts).
      name: 'coinlane-payment-page-dev',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (
            req.url &&
            /^\/(?:payment\/[^/?#]|embed\/payment\/[^/?#]|subscribe\/[^/?#]|subscription-portal\/?(?:[?#]|$))/.test(
              req.url,
            )
          )
            req.url = '/payment.html';
          next();
        });
      },
    },
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // Two entries: the app, and the hosted payment page as its own light bundle (served for /payment/*).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        payment: fileURLToPath(new URL('./payment.html', import.meta.url)),
      },
    },
  },
});
