import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeChannelInfo } from '#engine/model/channel';
import type { HostMessage } from '../../ui/loader/protocol';
import { hostLink, postToParent, type HostLink } from '../../ui/widget/hostLink';

const CHANNEL = decodeChannelInfo({ tenantId: 't1', titleDesc: 'Shop' });
const NOTICE = { type: 'message', newMessage: true, channel: CHANNEL, message: { senderName: 'Ann', preview: 'Hi' } } as const;
const SHOP = 'https://shop.example';

/** Makes this window a frame whose parent records what it is posted. */
function framed(referrer: string) {
  const postMessage = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  return postMessage;
}

/**
 * A frame's window as hostLink sees it: its parent, its real ancestor (when the browser tells it), the
 * message events it dispatches, and the keys pressed in it (`press`; `dialogOpen` says whether a modal
 * dialog of the page is open).
 */
function frameWindow(ancestor?: string) {
  const parent = { postMessage: vi.fn() };
  const listeners: Record<string, ((event: Event) => void)[]> = {};
  const page = { dialogOpen: false };
  const win = {
    parent,
    location: { ancestorOrigins: ancestor ? [ancestor] : undefined },
    document: { querySelector: (selector: string) => (selector === 'dialog[open]' && page.dialogOpen ? {} : null) },
    addEventListener: (type: string, listener: (event: Event) => void) => (listeners[type] ??= []).push(listener),
  } as unknown as Window;
  const receive = (data: unknown, from: { origin: string; source: unknown }) =>
    listeners.message?.forEach((listener) => listener({ data, origin: from.origin, source: from.source } as MessageEvent));
  const press = (key: string, defaultPrevented = false) => listeners.keydown?.forEach((listener) => listener({ key, defaultPrevented } as KeyboardEvent));
  return { win, parent, receive, press, page };
}

const host = (message: HostMessage) => ({ ...message, source: 'visitor-chat-host', version: 1 });

/** Everything the link hears, in order. */
function heard(link: HostLink): HostMessage[] {
  const seen: HostMessage[] = [];
  link.messages$.subscribe((m) => seen.push(m));
  return seen;
}

describe('a hand-written embedding (SPEC §2 from=iframe): the new-message notice', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes to the embedding page’s origin only, never to any origin, in the versioned envelope (SPEC §2 newMessage and channel kept)', () => {
    const postMessage = framed('https://shop.example/products/42?x=1');
    postToParent(null, NOTICE);
    expect(postMessage).toHaveBeenCalledWith({ ...NOTICE, source: 'visitor-chat', version: 1 }, SHOP);
  });

  it('is not posted, with a log line, when the embedding page’s origin cannot be told', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const postMessage = framed('');
    postToParent(null, NOTICE);
    expect(postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a page that is not framed posts nothing', () => {
    const postMessage = vi.spyOn(window, 'postMessage');
    postToParent(null, NOTICE);
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('embedded by the loader (?host=origin): the widget’s end of the protocol', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says hello to the announced origin only, and posts everything there', () => {
    const { win, parent } = frameWindow(SHOP);
    const link = hostLink(`?channelid=demo&from=iframe&host=${encodeURIComponent(SHOP)}`, win);
    expect(link?.origin).toBe(SHOP);
    link?.post({ type: 'close' });
    expect(parent.postMessage.mock.calls).toEqual([
      [{ type: 'hello', source: 'visitor-chat', version: 1 }, SHOP],
      [{ type: 'close', source: 'visitor-chat', version: 1 }, SHOP],
    ]);
  });

  it("Escape that nothing in the chat took closes the host's panel (issue 28); one a menu or the suggestions took (default prevented), or pressed in a modal dialog, does not", () => {
    const { win, parent, press, page } = frameWindow(SHOP);
    hostLink(`?channelid=demo&from=iframe&host=${encodeURIComponent(SHOP)}`, win);
    const closes = () => parent.postMessage.mock.calls.filter(([m]) => (m as { type: string }).type === 'close').length;
    press('a');
    press('Escape', true);
    page.dialogOpen = true;
    press('Escape');
    expect(closes()).toBe(0);
    page.dialogOpen = false;
    press('Escape');
    expect(parent.postMessage.mock.calls.at(-1)).toEqual([{ type: 'close', source: 'visitor-chat', version: 1 }, SHOP]);
    expect(closes()).toBe(1);
  });

  it('hears its parent window at the announced origin only: another origin, another window, another source or version, an unknown type or a malformed field are ignored', () => {
    const { win, parent, receive } = frameWindow(SHOP);
    const link = hostLink(`?host=${SHOP}`, win);
    if (!link) throw new Error('no link');
    const seen = heard(link);
    const init = host({ type: 'init', open: true, identity: { name: 'Ada' } });
    receive(init, { origin: 'https://evil.example', source: parent });
    receive(init, { origin: SHOP, source: {} });
    receive({ ...init, source: 'someone-else' }, { origin: SHOP, source: parent });
    receive({ ...init, version: 2 }, { origin: SHOP, source: parent });
    receive({ ...init, type: 'explode' }, { origin: SHOP, source: parent });
    receive({ ...init, open: 'yes' }, { origin: SHOP, source: parent });
    receive({ ...init, identity: { name: 42 } }, { origin: SHOP, source: parent });
    expect(seen).toEqual([]);
    receive(init, { origin: SHOP, source: parent });
    receive(host({ type: 'language', language: 'de' }), { origin: SHOP, source: parent });
    expect(seen).toEqual([init, host({ type: 'language', language: 'de' })]);
  });

  it('the panel’s open state follows init and each visibility message', () => {
    const { win, parent, receive } = frameWindow();
    const link = hostLink(`?host=${SHOP}`, win);
    const states: boolean[] = [];
    link?.open$.subscribe((open) => states.push(open));
    receive(host({ type: 'init', open: true }), { origin: SHOP, source: parent });
    receive(host({ type: 'visibility', open: false }), { origin: SHOP, source: parent });
    expect(states).toEqual([false, true, false]);
  });

  it("keeps what the host passed to addToolbarItem, in order and unchecked (HostTools checks it), each with the page init names — the host's origin without one — and passes a card on as it came", () => {
    const { win, parent, receive } = frameWindow();
    const link = hostLink(`?host=${SHOP}`, win);
    if (!link) throw new Error('no link');
    const seen = heard(link);
    const from = { origin: SHOP, source: parent };
    const cart = { id: 'cart', title: 'Share my cart', icon: 'cart.svg' };
    receive(host({ type: 'addToolbarItem', value: 'before init' }), from);
    receive(host({ type: 'init', open: true, page: `${SHOP}/boots/alpine?size=42` }), from);
    receive(host({ type: 'addToolbarItem', value: cart }), from);
    receive(host({ type: 'addToolbarItem', value: null }), from);
    receive(host({ type: 'addToolbarItem', value: cart }), { origin: 'https://evil.example', source: parent });
    expect(link.toolbar$.value).toEqual([
      { value: 'before init', page: SHOP },
      { value: cart, page: `${SHOP}/boots/alpine?size=42` },
      { value: null, page: `${SHOP}/boots/alpine?size=42` },
    ]);
    // A card is the engine's to check (earlyChat): the link passes it on as it came.
    const card = { code: 'goods', data: { name: 'Boots' }, fallback: 'Boots' };
    receive(host({ type: 'sendCard', value: card }), from);
    expect(seen.filter((m) => m.type === 'sendCard')).toEqual([host({ type: 'sendCard', value: card })]);
  });

  it('no link — the page runs as a hand-written embedding — without a host origin, with one that is not an origin, when not framed, or when the real parent is another origin', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(hostLink('?channelid=demo', frameWindow(SHOP).win)).toBeNull();
    expect(hostLink(`?host=${SHOP}/path`, frameWindow(SHOP).win)).toBeNull();
    expect(hostLink('?host=javascript:alert(1)', frameWindow(SHOP).win)).toBeNull();
    expect(hostLink(`?host=${SHOP}`, window)).toBeNull();
    expect(hostLink(`?host=${SHOP}`, frameWindow('https://evil.example').win)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('the host’s init is never lost', () => {
  it('an init that comes before anything listens is heard by the first listener (the entry and the early module are two scripts)', () => {
    const { win, parent, receive } = frameWindow(SHOP);
    const link = hostLink(`?host=${SHOP}`, win);
    if (!link) throw new Error('no link');
    const init = host({ type: 'init', open: true });
    receive(init, { origin: SHOP, source: parent });
    expect(heard(link)).toEqual([init]);
  });
});
