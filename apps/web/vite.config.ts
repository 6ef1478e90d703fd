import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '^/(auth|users|settings|companySettings|companySettingOne|companies|plans|media|public-settings|webchat)':
        api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The website-chat page is an entry of its own: embedded on customers' sites, it stays small.
    rollupOptions: { input: { app: 'index.html', widget: 'widget.html' } },
  },
});
