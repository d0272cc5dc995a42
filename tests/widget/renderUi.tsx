import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { expect, vi } from 'vitest';
import type { ChatEngine } from '@visitor-chat/chat-engine';
import { ChatProvider, ToastProvider } from '@visitor-chat/chat-react';
import { inMode } from '../hooks/strictMode';
import { testedRuntime } from '../support/runtime';

/** Activates `locale` (English unless told) with no catalog: the macros' source texts are shown, numbers and dates in that locale. */
function activateSource(locale: string): void {
  i18n.loadAndActivate({ locale, messages: {} });
}

/** Renders widget UI in English (or `locale`'s formats), optionally under a ChatProvider given `engine` and StrictMode. */
export function renderUi(
  ui: ReactElement,
  { engine, strict = false, locale = 'en' }: { engine?: ChatEngine; strict?: boolean; locale?: string } = {},
): RenderResult {
  activateSource(locale);
  function Wrapper({ children }: { children: ReactNode }) {
    // A ToastProvider as on the page: components that report by toast (the forms) need one.
    const content = (
      <I18nProvider i18n={i18n}>
        <ToastProvider>{children}</ToastProvider>
      </I18nProvider>
    );
    return inMode(strict, engine ? <ChatProvider engine={engine}>{content}</ChatProvider> : content);
  }
  return render(ui, { wrapper: Wrapper });
}

/**
 * What an error boundary logs as the component stack: React gives one; Preact gives its
 * componentDidCatch no stack, so the log line ends with undefined there.
 */
export const componentStack = (): unknown => (testedRuntime() === 'react' ? expect.any(String) : undefined);

/** Height the fake layout gives the scrolling viewport of a virtualised list: room for every message. */
const VIEWPORT_PX = 100_000;
/** Height the fake layout gives every other observed element (a message). */
const ITEM_PX = 40;

/** The height the fake layout gives `target` at first: a tall viewport for a scroll container (overflow auto), a small item else. */
function defaultHeight(target: Element): number {
  const style = (target as HTMLElement).style;
  const scroller = [style.overflow, style.overflowY, style.overflowX].some((v) => v === 'auto' || v === 'scroll');
  return scroller ? VIEWPORT_PX : ITEM_PX;
}

/**
 * jsdom has no layout, so a virtualised list would render no item. This ResizeObserver reports a
 * size at once (defaultHeight), and again when a test says an element changed size (reportResize,
 * resizeRowOf).
 */
class FakeLayoutResizeObserver {
  /** The observers of each element, so that a test can report a new size. */
  static readonly observing = new Map<Element, Set<FakeLayoutResizeObserver>>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    const observers = FakeLayoutResizeObserver.observing.get(target) ?? new Set();
    observers.add(this);
    FakeLayoutResizeObserver.observing.set(target, observers);
    // Like the real one, it reports after the layout effects that started observing.
    queueMicrotask(() => this.report(target, defaultHeight(target)));
  }
  report(target: Element, height: number): void {
    const rect = { x: 0, y: 0, top: 0, left: 0, bottom: height, right: 400, width: 400, height, toJSON: () => ({}) };
    const size = [{ blockSize: height, inlineSize: 400 }];
    const entry: ResizeObserverEntry = { target, contentRect: rect, borderBoxSize: size, contentBoxSize: size, devicePixelContentBoxSize: size };
    this.callback([entry], this);
  }
  unobserve(target: Element): void {
    FakeLayoutResizeObserver.observing.get(target)?.delete(this);
  }
  disconnect(): void {
    for (const observers of FakeLayoutResizeObserver.observing.values()) observers.delete(this);
  }
}

/** Tells the observers of `target` that it changed size (jsdom has no layout to do so), as a browser would after a layout. */
export function reportResize(target: Element): void {
  for (const observer of FakeLayoutResizeObserver.observing.get(target) ?? []) observer.report(target, defaultHeight(target));
}

/** The fake layout gives the row of the virtualised list that holds `element` a new height, as a real layout does when the row grows. */
export function resizeRowOf(element: Element, height: number): void {
  for (let el: Element | null = element; el; el = el.parentElement) {
    const observers = FakeLayoutResizeObserver.observing.get(el);
    if (!observers?.size) continue;
    for (const observer of observers) observer.report(el, height);
    return;
  }
  throw new Error('no observed row holds the element');
}

/**
 * Gives jsdom the bits of layout the virtualised list needs: sizes, Element#scrollTo, offsetParent.
 * Use as `beforeEach(stubLayout)`: the returned function (run by vitest after the test) restores.
 */
export function stubLayout(): () => void {
  if (typeof globalThis.ResizeObserver === 'undefined') vi.stubGlobal('ResizeObserver', FakeLayoutResizeObserver);
  const hadScrollTo = Object.hasOwn(Element.prototype, 'scrollTo');
  if (!hadScrollTo) Element.prototype.scrollTo = () => undefined;
  // jsdom's offsetParent is always null ("not rendered"); the list skips measuring such items.
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  return () => {
    FakeLayoutResizeObserver.observing.clear();
    vi.unstubAllGlobals();
    if (!hadScrollTo) Reflect.deleteProperty(Element.prototype, 'scrollTo');
    if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
  };
}

/**
 * A lazy part rendered during the last act: its module import takes a few real tasks even when
 * loaded before. React's act waits for it and renders the part; Preact's (the dom-preact project)
 * does not, so this waits for the imports and lets the Suspense boundary render in one act more.
 * A part's load is two imports joined (the part and the English messages parts show, i18n.ts
 * withEnglishRest), whose join settles a few microtasks after the imports: a second act renders
 * what the first one's end came too early for (it did once in CI, the first form of a file).
 */
const lazyPartsShown = async () => {
  await act(() => vi.dynamicImportSettled());
  await act(() => vi.dynamicImportSettled());
};

/** Lets the fake layout report its sizes (queued microtasks and one task) inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  });
  await lazyPartsShown();
}

/** Runs the fake clock `ms` ahead inside act, with the microtasks the fake layout reports in. */
export async function tick(ms = 0): Promise<void> {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  await lazyPartsShown();
}

/** The message (bubble row and all) that shows `text` (the live region may repeat the text). */
export function itemOf(text: string): HTMLElement {
  const item = screen
    .getAllByText(text)
    .map((el) => el.closest<HTMLElement>('.message'))
    .find((el) => el !== null);
  if (!item) throw new Error(`no message shows ${text}`);
  return item;
}
