import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';

/**
 * The app's HTML as the server renders it (server.mjs, docs/server-rendering.md): the chat's first
 * state — not started, nothing fetched — which src/main.tsx hydrates in the browser, where the
 * engine starts.
 */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
