import { combineLatest, distinctUntilChanged, filter, first, map } from 'rxjs';
import { createChatEngine, type ChatEngine, type ChatEngineOptions, type OutgoingCard } from '@visitor-chat/chat-engine';
import { isLanguage } from '../i18n/languages';
import { chooseLanguage, languageChosen } from '../i18n/languageStore';
import { browserStorage, browserTabs, documentVisibility, networkReturns } from '@visitor-chat/chat-engine/browser';
import { embeddingHost, type HostInit, type HostLink } from './hostLink';
import { warn } from '../loader/protocol';

/**
 * The chat's query with what the host page passed in init (ui/loader): the visitor's identity and
 * params travel in memory, never in the frame's URL. They come first, so they win over the URL's
 * (SPEC §2: the first non-empty value of a name counts).
 */
function withHost(search: string, { identity, params }: HostInit): string {
  const fields: [string, string | undefined][] = [
    ['username', identity?.name],
    ['email', identity?.email],
    ['phone', identity?.phone],
    ['params', params],
  ];
  const query = new URLSearchParams(fields.filter((field): field is [string, string] => !!field[1]?.trim()));
  for (const [name, value] of new URLSearchParams(search)) query.append(name, value);
  return `?${query}`;
}

/** The engine options of a chat that this page load opens with `query`. */
function chatOptions(query: string, host: HostLink | null, init: HostInit | null): ChatEngineOptions {
  // Embedded by the loader, the visitor sees the chat only while the host's panel is open (read receipts, title notice).
  const visibility = host ? combineLatest([documentVisibility(), host.open$]).pipe(map(([page, open]) => page && open)) : documentVisibility();
  return {
    query,
    storage: browserStorage(),
    visibility,
    online: networkReturns(),
    tabs: browserTabs(),
    previousUrl: init?.page || document.referrer || undefined,
    visitorId: init?.visitorId,
  };
}

/** Creates the chat; embedded by the loader, the host keeps the visitor's id it gets (its storage outlives ours where third-party storage is blocked). */
function createChat(query: string): ChatEngine {
  const engine = createChatEngine(chatOptions(query, embeddingHost, hostInit));
  const host = embeddingHost;
  if (host) {
    engine.state$
      .pipe(
        map((s) => s.session?.userId),
        filter((id): id is string => !!id),
        distinctUntilChanged(),
      )
      .subscribe((visitorId) => host.post({ type: 'visitor', visitorId }));
  }
  return engine;
}

/** The host's init, once it came (embedded by the loader). */
let hostInit: HostInit | null = null;
/** The chat of this page load, once it is known what it starts with, and this module's hold on it until the page holds it. */
let early: { query: string; engine: ChatEngine; release: () => void } | undefined;
/** The chat that runs now (the early one, or the page's after it took it over): where the host's cards go. */
let current: ChatEngine | undefined;
const onInit = new Set<() => void>();

/**
 * Creates and starts the chat of `query`, held with `engine.mount()`: it is disposed after the
 * last hold is released, this one or the page's ChatProvider's. A chat held before is let go.
 */
function startEarly(query: string): ChatEngine {
  early?.release();
  const engine = createChat(query);
  early = { query, engine, release: engine.mount() };
  current = engine;
  return engine;
}

/** The host's language, when it is one of the 25 (a wrong code is the host's bug: a log line, nothing else). */
function hostLanguage(code: string | undefined): void {
  if (code === undefined) return;
  if (isLanguage(code)) chooseLanguage(code);
  else console.warn(`[chat] the host page asked for an unknown language: ${code}`);
}

/**
 * The chat of this page load, started as soon as this module runs (at startup: index.html
 * preloads it), so that its first requests go out beside the catalog's fetch and the first render
 * instead of after them. Every route leads to /index keeping the query, so the URL's query now is
 * the page's query. Embedded by the loader, it starts when the host's init comes — not before: a
 * host page pays for no chat its visitor did not open.
 */
if (embeddingHost) {
  embeddingHost.messages$.subscribe((message) => {
    if (message.type === 'init') {
      if (message.language) hostLanguage(message.language);
      else if (message.pageLanguage && !languageChosen() && isLanguage(message.pageLanguage)) chooseLanguage(message.pageLanguage);
      // The chat belongs to this page load: a second init (a confused host) changes nothing.
      if (hostInit) return;
      hostInit = message;
      startEarly(withHost(window.location.search, message));
      onInit.forEach((listener) => listener());
    } else if (message.type === 'language') {
      hostLanguage(message.language);
    } else if (message.type === 'sendCard') {
      // The loader posts cards after init only; the outbox delivers it once (docs/protocol.md "Cards").
      afterOpening(() => current?.sendCard(message.value as OutgoingCard) ?? warn('sendCard', message.value));
    } else if (message.type === 'identify' || message.type === 'params') {
      if (hostInit) console.info(`[chat] ${message.type} after the chat started: it applies to the next chat`);
    }
  });
} else {
  startEarly(window.location.search);
}

/**
 * Runs `send` once the chat of this page has opened — its session started and its newest history in,
 * with the welcome that follows it — so that a host page's card sent with `open()` comes after the
 * robot's welcome, not above it (a message's place is its time).
 */
function afterOpening(send: () => unknown): void {
  // current is the chat init started (the loader posts cards after init only).
  current?.state$
    .pipe(first(({ phase, history }) => phase === 'ready' && !history.loading))
    // After the welcome effect's own messages, which follow the history in the same turn.
    .subscribe(() => queueMicrotask(send));
}

/** The query the chat of this page starts with: the URL's, or null while it waits for the host's init. */
export function chatQuery(search: string): string | null {
  if (!embeddingHost) return search;
  return hostInit ? withHost(search, hostInit) : null;
}

/** Calls `listener` when the host's init came (useSyncExternalStore's subscribe). */
export function subscribeChatQuery(listener: () => void): () => void {
  onInit.add(listener);
  return () => onInit.delete(listener);
}

/**
 * The chat for `query`: the early one when it matches, else one started now in its place (the page
 * reads another query than this module did). A render may call it twice: the second call finds it.
 */
export function chatFor(query: string): ChatEngine {
  return early?.query === query ? early.engine : startEarly(query);
}

/** Once the page's ChatProvider holds the chat, this module lets go of it: the page's unmount then ends it. */
export function releaseEarlyChat(): void {
  early?.release();
  early = undefined;
}
