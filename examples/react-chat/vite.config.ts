import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The chat's visitor API, proxied by `vite` and `vite preview`, so the app can call it on its own
// origin. Set VITE_CHAT_API_BASE instead to call a backend on another origin (it must allow CORS).
const backend = process.env['CHAT_BACKEND'] ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': { target: backend, changeOrigin: true } } },
  // Two pages: index.html, a chat window of its own on the hooks; launcher.html, the chat widget on a
  // page through @visitor-chat/loader.
  build: { rolldownOptions: { input: ['index.html', 'launcher.html'] } },
});
