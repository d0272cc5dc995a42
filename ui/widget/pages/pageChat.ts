import { createChatEngine, type ChatEngine, type ChatEngineOptions } from '../../../engine';
import { browserStorage, documentVisibility, networkReturns } from '../browserPorts';

/** The engine options of a chat that this page load opens with `query`. */
function chatOptions(query: string): ChatEngineOptions {
  return { query, storage: browserStorage(), visibility: documentVisibility(), online: networkReturns(), previousUrl: document.referrer || undefined };
}

/**
 * The chat of this page load, started as soon as the page's module runs (at startup: index.html
 * preloads it), so that its first requests go out beside the catalog's fetch and the first render
 * instead of after them. Every route leads to /index keeping the query, so the URL's query now is
 * the page's query.
 */
let early: { query: string; engine: ChatEngine } | undefined = (() => {
  const query = window.location.search;
  const engine = createChatEngine(chatOptions(query));
  engine.start();
  return { query, engine };
})();

/** The chat for `query`: the early one when it matches, else a new one. Changes nothing: a render may call it twice. */
export function chatFor(query: string): ChatEngine {
  return early?.query === query ? early.engine : createChatEngine(chatOptions(query));
}

/** Once the page has mounted with `engine`: the early chat is taken, or disposed when the page made another. */
export function settleEarlyChat(engine: ChatEngine): void {
  if (early && early.engine !== engine) early.engine.dispose();
  early = undefined;
}
