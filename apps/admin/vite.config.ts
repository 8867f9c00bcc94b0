import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // antd is one large vendor chunk; the pages are split per route.
    chunkSizeWarningLimit: 1600,
  },
  server: {
    proxy: { '/admin/api': 'http://localhost:8080' },
  },
});
