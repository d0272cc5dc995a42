import type { Hono } from 'hono';
import { http, type HttpHandler } from 'msw';
import { createApp } from './app.ts';

/** MSW handlers that answer every /api/ request with the reference app (default: a fresh one). */
export function createHandlers(app: Hono = createApp()): HttpHandler[] {
  return [http.all('*/api/*', ({ request }) => app.fetch(request))];
}
