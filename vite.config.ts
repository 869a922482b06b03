import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [reactRouter()],
  publicDir: 'web/public',
  resolve: { alias: { '~': fileURLToPath(new URL('./web/app', import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
});
