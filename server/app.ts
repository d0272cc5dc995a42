import { Hono } from 'hono';
import { callRoutes } from './calls.ts';
import { cardModuleRoutes } from './cardModules.ts';
import { API, createContext, type AppOptions } from './context.ts';
import { devRoutes } from './dev.ts';
import { fileRoutes } from './files.ts';
import { ApiError, ErrorCode } from './http.ts';
import { createPush } from './push.ts';

export type { AppOptions } from './context.ts';

/**
 * The reference visitor API: one Hono app over an in-memory store, wiring its parts by role — the
 * calls (calls.ts, messages.ts, files.ts), the push stream (push.ts) and, when asked for, the
 * development controls (dev.ts) under /api/dev.
 */
export function createApp(options: AppOptions = {}): Hono {
  const ctx = createContext(options);
  const push = createPush(ctx);
  const app = new Hono();
  app.route(API, push.routes);
  app.route(API, fileRoutes(ctx));
  app.route(API, cardModuleRoutes());
  app.route(API, callRoutes(ctx));
  if (options.devControls) app.route('/api/dev', devRoutes(ctx, push));

  app.notFound((c) => c.json({ code: ErrorCode.NotFound, message: `no route for ${c.req.method} ${c.req.path}` }, 404));

  // Failures stay inside the envelope (HTTP 200, code ≠ 200); only real bugs answer HTTP 500.
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ code: error.code, message: error.message }, error.httpStatus);
    console.error('reference server:', error);
    return c.json({ code: ErrorCode.Failed, message: 'internal error' }, 500);
  });

  return app;
}
