import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { firstLoadChunks } from './first-load-chunks.js';
import { preloadAppStart } from './preload-app-start.js';

const api = process.env.API_URL ?? 'http://localhost:8080';

/** Pages and API calls share paths (/users is both): a browser navigation stays with Vite. */
const apiCalls: ProxyOptions = {
  target: api,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};

export default defineConfig({
  plugins: [react(), preloadAppStart()],
  server: {
    port: 5173,
    proxy: {
      '^/(auth|users|settings|companySettings|companySettingOne|companies|plans|media|public-settings|webchat|tickets|messages|whatsapp|facebook|api/)':
        apiCalls,
      '/socket.io': { target: api, ws: true },
    },
  },
  // The server gives each answer of index.html a nonce of its own in this placeholder's place, and names
  // it in the page's content policy (apps/server/src/platform/web-app.ts).
  html: { cspNonce: 'BALCAO_CSP_NONCE' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The website-chat page is an entry of its own: embedded on customers' sites, it stays small.
    rolldownOptions: {
      input: { app: 'index.html', widget: 'widget.html' },
      output: { codeSplitting: { groups: [firstLoadChunks] } },
    },
  },
});
