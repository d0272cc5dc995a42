import { Hono } from 'hono';
import { API_PREFIX } from '../engine/constants.ts';

/**
 * The card modules the reference backend serves and names in its channels' configuration
 * (channelInfo `cardModules`, docs/protocol.md "Card modules"): plain ES modules whose default
 * export draws a card into an element — here the showcase's `order-status` card.
 */

/** Where the modules are served, under the API (routed under its prefix: app.ts). */
const CARDS_PATH = '/cards';

/** The showcase channel's modules: code → URL (a path on this host, which also serves the widget: the chat page's `script-src 'self'`). */
export const SHOWCASE_CARD_MODULES = { 'order-status': `${API_PREFIX}${CARDS_PATH.slice(1)}/order-status.js` };

/** What an order-status card carries: the order's number, its steps, and the step it has reached (0-based). */
interface OrderStatus {
  order?: unknown;
  steps?: unknown;
  current?: unknown;
}

/**
 * The order-status card's mount (served as the module's default export, so self-contained: no
 * imports, nothing from outside the function). Every field is data: set as text, never as HTML.
 */
export function mountOrderStatus(element: HTMLElement, props: { card: { code: string; data?: unknown }; fallback: string }): () => void {
  const data = (typeof props.card.data === 'object' && props.card.data !== null ? props.card.data : {}) as OrderStatus;
  const steps = Array.isArray(data.steps) ? data.steps.filter((s): s is string => typeof s === 'string') : [];
  const current = typeof data.current === 'number' ? data.current : -1;
  const title = document.createElement('p');
  title.textContent = typeof data.order === 'string' || typeof data.order === 'number' ? `Order #${data.order}` : props.fallback;
  title.style.cssText = 'margin:0 0 0.5rem;font-weight:600';
  const list = document.createElement('ol');
  list.style.cssText = 'margin:0;padding:0;list-style:none;display:flex;gap:0.25rem;flex-wrap:wrap';
  steps.forEach((step, i) => {
    const item = document.createElement('li');
    item.textContent = step;
    const reached = i <= current;
    item.style.cssText = `padding:0.15rem 0.6rem;border-radius:999px;font-size:0.85em;border:1px solid currentColor;opacity:${reached ? 1 : 0.55}${reached ? ';font-weight:600' : ''}`;
    if (i === current) item.setAttribute('aria-current', 'step');
    list.append(item);
  });
  element.replaceChildren(title, list);
  return () => element.replaceChildren();
}

/** GET {API}/cards/order-status.js: the module, as JavaScript any page may import (CORS: `*`). */
export function cardModuleRoutes(): Hono {
  const source = `export default ${mountOrderStatus.toString()};\n`;
  return new Hono().get(`${CARDS_PATH}/order-status.js`, (c) =>
    c.body(source, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }),
  );
}
