import { within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVisitorChat, type VisitorChat, type VisitorChatOptions, type VisitorIdentity } from '../../ui/loader';
import { languageOf } from '../../ui/loader/language';
import { direction } from '../../ui/loader/view';

const CHAT = 'https://chat.example';

/** The chat frame's window (jsdom gives a frame in a shadow root none): what the loader posts to it. */
const widget = { postMessage: vi.fn() };
beforeEach(() => {
  widget.postMessage = vi.fn();
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(widget as unknown as Window);
});

let chats: VisitorChat[] = [];
afterEach(() => {
  chats.forEach((chat) => chat.destroy());
  chats = [];
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.lang = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function chat(options: Partial<VisitorChatOptions> = {}): VisitorChat {
  const created = createVisitorChat({ channelId: 'shop', chatUrl: `${CHAT}/chat/`, prefetch: 'none', ...options });
  chats.push(created);
  return created;
}

/** The loader's shadow root (an open one) on the page. */
const shadow = () => document.querySelector('visitor-chat')?.shadowRoot;
const launcher = () => shadow()?.querySelector('button') as HTMLButtonElement;
const frame = () => shadow()?.querySelector('iframe') ?? null;
/** Collects the loader's console warnings (and keeps them off the test's output). */
const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

/** The widget in the frame posts `data` to the page (from `origin`, its frame's window by default). */
function fromWidget(data: object, origin = CHAT, source: unknown = widget) {
  window.dispatchEvent(new MessageEvent('message', { data: { source: 'visitor-chat', version: 1, ...data }, origin, source: source as MessageEventSource }));
}

describe('the launcher and the panel', () => {
  it('the launcher is a named button; the frame is made on the first open only, with no personal data in its address', () => {
    const c = chat();
    c.identify({ name: 'Ada', email: 'ada@example.com' });
    expect(launcher().getAttribute('aria-label')).toBe('Chat');
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(frame()).toBeNull();
    launcher().click();
    expect(c.isOpen()).toBe(true);
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    const url = new URL(frame()?.src ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${CHAT}/chat/index`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ channelid: 'shop', from: 'iframe', host: location.origin });
  });

  it('a host page’s own tests find the launcher by role: the shadow root is open', () => {
    chat();
    const root = document.querySelector('visitor-chat')?.shadowRoot;
    expect(root?.mode).toBe('open');
    // Testing Library does not enter shadow roots by itself; within() the open one, it finds the launcher.
    within(root as unknown as HTMLElement)
      .getByRole('button', { name: 'Chat' })
      .click();
    expect(frame()).not.toBeNull();
  });

  it('mounts after <body>, not in it (a transformed body would carry the fixed launcher along)', () => {
    chat();
    const root = document.querySelector('visitor-chat');
    expect(root?.parentElement).toBe(document.documentElement);
    expect(document.body.contains(root)).toBe(false);
  });

  it('with groupId and adminId, the frame’s address carries them; nothing empty is sent', () => {
    chat({ groupId: 'sales', adminId: '' }).open();
    expect(Object.fromEntries(new URL(frame()?.src ?? '').searchParams)).toEqual({
      channelid: 'shop',
      from: 'iframe',
      host: location.origin,
      groupid: 'sales',
    });
  });

  it('hideLauncher: no launcher to see; open() still opens', () => {
    const c = chat({ hideLauncher: true });
    expect(launcher().hidden).toBe(true);
    c.open();
    expect(frame()).not.toBeNull();
  });

  it('prefetch hover: the frame is made when the launcher is hovered or focused, and the chat waits for the open', () => {
    chat({ prefetch: 'hover' });
    launcher().dispatchEvent(new Event('focus'));
    expect(frame()).not.toBeNull();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage).not.toHaveBeenCalled();
  });

  it('writes no storage until the visitor opens the chat; then the open state, restored on the next page load', () => {
    const c = chat();
    expect(sessionStorage.length + localStorage.length).toBe(0);
    c.open();
    expect(JSON.parse(sessionStorage.getItem('visitor-chat-shop') ?? 'null')).toEqual({ open: true, unread: 0 });
    c.destroy();
    const next = chat();
    expect(next.isOpen()).toBe(true);
  });

  it('an unread count restored on the next page load is told to a handler added then (once the page is idle), and at once to one added later', async () => {
    sessionStorage.setItem('visitor-chat-shop', JSON.stringify({ open: false, unread: 2 }));
    const c = chat();
    const counts = vi.fn();
    c.on('unreadCountChange', counts);
    await vi.waitFor(() => expect(counts).toHaveBeenCalledWith(2));
    expect(counts).toHaveBeenCalledTimes(1);
    expect(launcher().getAttribute('aria-label')).toBe('Chat (2)');
    const later = vi.fn();
    c.on('unreadCountChange', later);
    await Promise.resolve();
    expect(later).toHaveBeenCalledWith(2);
  });

  it('reads the saved state once the page is idle, not while the page runs it — or at once when a call needs it (isOpen, open, close, toggle)', async () => {
    sessionStorage.setItem('visitor-chat-shop', JSON.stringify({ open: true, unread: 0 }));
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    const c = chat();
    expect(reads).not.toHaveBeenCalled();
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    await vi.waitFor(() => expect(launcher().getAttribute('aria-expanded')).toBe('true'));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(c.isOpen()).toBe(true);
    c.destroy();

    reads.mockClear();
    const next = chat();
    expect(next.isOpen()).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
  });

  it('a saved state the page garbled reads as closed with no unread messages, never an exception', () => {
    for (const saved of ['{', '"open"', '{"open":"yes","unread":"many"}', '{"unread":-3}']) {
      sessionStorage.setItem('visitor-chat-shop', saved);
      const c = chat();
      expect(c.isOpen()).toBe(false);
      expect(launcher().getAttribute('aria-label')).toBe('Chat');
      c.destroy();
    }
  });

  it('destroy removes everything it added; the handle does nothing afterwards', () => {
    const c = chat();
    const opened = vi.fn();
    c.on('open', opened);
    c.destroy();
    expect(document.querySelector('visitor-chat')).toBeNull();
    c.open();
    expect(opened).not.toHaveBeenCalled();
    expect(c.isOpen()).toBe(false);
  });
});

describe('the protocol with the widget', () => {
  it('on hello, init with the identity, params, the host’s language, the kept visitor id and the page’s address (chatStart previousUrl) — posted to the chat’s origin only', () => {
    localStorage.setItem('visitor-chat-shop-uid', 'u-42');
    const c = chat({ language: 'de' });
    c.identify({ name: 'Ada' });
    c.setParams('plan=gold');
    c.open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage).toHaveBeenCalledWith(
      {
        type: 'init',
        open: true,
        identity: { name: 'Ada' },
        params: 'plan=gold',
        language: 'de',
        pageLanguage: 'de',
        visitorId: 'u-42',
        page: location.href,
        source: 'visitor-chat-host',
        version: 1,
      },
      CHAT,
    );
    c.close();
    c.setLanguage('ja');
    expect(widget.postMessage.mock.calls.slice(1)).toEqual([
      [{ type: 'visibility', open: false, source: 'visitor-chat-host', version: 1 }, CHAT],
      [{ type: 'language', language: 'ja', source: 'visitor-chat-host', version: 1 }, CHAT],
    ]);
  });

  it('without a language of its own, the host page’s lang goes as the first language of a visitor who has none', () => {
    document.documentElement.lang = 'es-MX';
    chat().open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls[0]?.[0]).toMatchObject({ type: 'init', language: undefined, pageLanguage: 'es' });
  });

  it('new messages while closed count as unread (badge, label, event); opening resets the count', () => {
    const c = chat();
    const counts: number[] = [];
    const heard: unknown[] = [];
    c.on('unreadCountChange', (n) => counts.push(n));
    c.on('message', (m) => heard.push(m));
    c.open();
    fromWidget({ type: 'message', newMessage: true, channel: {}, message: { senderName: 'Alice', preview: 'Hello' } });
    c.close();
    fromWidget({ type: 'message', newMessage: true, channel: {}, message: { senderName: 'Alice', preview: 'Still there?' } });
    expect(launcher().getAttribute('aria-label')).toBe('Chat (1)');
    expect(shadow()?.querySelector('b')?.textContent).toBe('1');
    c.open();
    expect(counts).toEqual([1, 0]);
    expect(heard).toEqual([
      { senderName: 'Alice', preview: 'Hello' },
      { senderName: 'Alice', preview: 'Still there?' },
    ]);
  });

  it('ignores messages from another origin, another window, another version, or with bad fields', () => {
    const c = chat();
    c.open();
    const counts = vi.fn();
    c.on('unreadCountChange', counts);
    c.close();
    const notice = { type: 'message', newMessage: true, channel: {}, message: { preview: 'x' } };
    fromWidget(notice, 'https://evil.example');
    fromWidget(notice, CHAT, window);
    fromWidget(notice, CHAT, null);
    fromWidget({ ...notice, version: 2 });
    fromWidget({ ...notice, message: { preview: 42 } });
    fromWidget({ type: 'close' }, 'https://evil.example');
    expect(counts).not.toHaveBeenCalled();
    c.open();
    fromWidget({ type: 'close' });
    expect(c.isOpen()).toBe(false);
  });

  it('keeps the visitor id the widget reports, in the host’s storage', () => {
    chat().open();
    fromWidget({ type: 'visitor', visitorId: 'u-7' });
    expect(localStorage.getItem('visitor-chat-shop-uid')).toBe('u-7');
  });
});

describe('the API', () => {
  it('push runs a queued call; an unknown one is a log line', () => {
    const warn = warnings();
    const c = chat();
    c.push(['open']);
    expect(c.isOpen()).toBe(true);
    c.push(['explode'] as unknown as Parameters<VisitorChat['push']>[0]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a handler that throws does not stop the others; ready fires for a handler added later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const c = chat();
    const second = vi.fn();
    c.on('open', () => {
      throw new Error('host bug');
    });
    c.on('open', second);
    c.open();
    expect(second).toHaveBeenCalledTimes(1);
    const ready = vi.fn();
    c.on('ready', ready);
    await Promise.resolve();
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('setLanguage: one of the 25 changes the label and side (right to left for Arabic); another is refused with a log line', () => {
    const warn = warnings();
    const c = chat();
    c.setLanguage('ar');
    expect(launcher().getAttribute('aria-label')).toBe('الدردشة');
    expect(document.querySelector('visitor-chat')?.getAttribute('dir')).toBe('rtl');
    c.setLanguage('klingon');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(launcher().getAttribute('aria-label')).toBe('الدردشة');
  });
});

describe('what a host page may pass by mistake: one warning each, ignored, nothing thrown, the rest goes on', () => {
  /** A call as a host page may write it, whatever its type. */
  const garbage = (call: unknown) => call as Parameters<VisitorChat['push']>[0];

  it('push: a call that is no array, names no method of the API, or is push itself', () => {
    const warn = warnings();
    const c = chat();
    for (const call of [null, 42, 'open', {}, [], [42], ['toString'], ['constructor'], ['push', ['open']]]) c.push(garbage(call));
    expect(warn.mock.calls.map(([message, value]) => [message, value])).toEqual(
      [null, 42, 'open', {}, [], [42], ['toString'], ['constructor'], ['push', ['open']]].map((call) => ['[visitor-chat] bad call:', call]),
    );
    expect(c.isOpen()).toBe(false);
    c.push(['open']);
    expect(c.isOpen()).toBe(true);
  });

  it("on: a handler that is no function (on('ready', 42)) is ignored; the others still hear the event", async () => {
    const warn = warnings();
    const c = chat();
    const stop = c.on('ready', garbage(42) as unknown as () => void);
    c.on('open', garbage(null) as unknown as () => void);
    const ready = vi.fn();
    c.on('ready', ready);
    c.open();
    // An error thrown in the microtask would fail this test as an unhandled error.
    await Promise.resolve();
    expect(ready).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls).toEqual([
      ['[visitor-chat] bad handler:', 42],
      ['[visitor-chat] bad handler:', null],
    ]);
    expect(() => stop()).not.toThrow();
  });

  it('a ready handler that throws is logged, not thrown into the page (it runs in a microtask)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    chat().on('ready', () => {
      throw new Error('host bug');
    });
    await Promise.resolve();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('identify: a value postMessage cannot copy (a function inside) or the widget would refuse is not kept; init still goes, with the identity given before', () => {
    const warn = warnings();
    const c = chat();
    c.identify({ name: 'Ada' });
    const bad = [{ name: 'Grace', onChange: () => undefined }, { name: 42 }, { email: null }, null, 'Ada', 7];
    for (const identity of bad) c.identify(identity as unknown as VisitorIdentity);
    expect(warn.mock.calls).toEqual(bad.map((identity) => ['[visitor-chat] bad identity:', identity]));
    c.open();
    fromWidget({ type: 'hello' });
    const init = widget.postMessage.mock.calls[0]?.[0] as unknown;
    expect(init).toMatchObject({ type: 'init', identity: { name: 'Ada' } });
    // What the real postMessage would copy.
    expect(structuredClone(init)).toEqual(init);
    // A widget that reloads says hello again, and gets the same init again.
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls[1]?.[0]).toEqual(init);
  });

  it('identify keeps a copy: the page changing its object afterwards (say, adding a function) changes nothing', () => {
    const c = chat();
    const mine: Record<string, unknown> = { name: 'Ada' };
    c.identify(mine as VisitorIdentity);
    mine.name = 'Grace';
    mine.onChange = () => undefined;
    c.open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls[0]?.[0]).toMatchObject({ identity: { name: 'Ada' } });
  });

  it('setParams takes a string, setLanguage one of the 25 codes; anything else is warned about and ignored', () => {
    const warn = warnings();
    const c = chat();
    c.setParams('plan=gold');
    c.setParams(garbage(42) as unknown as string);
    c.setLanguage(garbage(null) as unknown as string);
    c.open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls[0]?.[0]).toMatchObject({ type: 'init', params: 'plan=gold', language: undefined });
    expect(warn.mock.calls).toEqual([
      ['[visitor-chat] bad params:', 42],
      ['[visitor-chat] bad language:', null],
    ]);
  });
});

describe('language and position', () => {
  it('the widget’s code for a page’s lang: regional tags, the two aliases, English when none fits', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('zh-TW')).toBe('tw');
    expect(languageOf('zh-Hant-HK')).toBe('tw');
    expect(languageOf('zh-CN')).toBe('zh');
    expect(languageOf('zh-HK')).toBe('tw');
    expect(languageOf('zh-mo')).toBe('tw');
    expect(languageOf('zh-Hans-HK')).toBe('zh');
    expect(languageOf('zh-twx')).toBe('zh');
    expect(languageOf('fil-PH')).toBe('tl');
    expect(languageOf('xx')).toBe('en');
    document.documentElement.lang = 'ja';
    expect(languageOf()).toBe('ja');
  });

  it('the side: end follows the language’s direction, start the other; left and right are pinned', () => {
    expect([direction('end', false), direction('end', true), direction('start', false), direction('start', true)]).toEqual(['ltr', 'rtl', 'rtl', 'ltr']);
    expect([direction('right', true), direction('left', false)]).toEqual(['ltr', 'rtl']);
  });
});

describe('toolbar items and cards from the host page (issue 26)', () => {
  const BOOTS = { code: 'goods', data: { name: 'Alpine boots', price: 129.9, currency: 'EUR' }, fallback: 'Alpine boots, EUR 129.90' };
  const envelope = { source: 'visitor-chat-host', version: 1 };
  const posted = () => widget.postMessage.mock.calls.map(([message]) => message as { type: string });

  it('an item added before the chat runs goes after init — after every init, which names the page the widget resolves its icon against; one added later goes at once', () => {
    const c = chat();
    const cart = { id: 'cart', title: 'Share my cart', icon: '/icons/cart.svg' };
    c.addToolbarItem(cart);
    expect(widget.postMessage).not.toHaveBeenCalled();
    c.open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls.map(([m]) => m)).toEqual([
      expect.objectContaining({ type: 'init', page: location.href }),
      { type: 'addToolbarItem', value: cart, ...envelope },
    ]);
    const product = { id: 'product', title: 'Ask about this product', img: 'https://shop.example/boots.jpg' };
    c.addToolbarItem(product);
    c.addToolbarItem({ ...cart, title: 'My cart' });
    expect(widget.postMessage.mock.calls.slice(2).map(([m]) => m)).toEqual([
      { type: 'addToolbarItem', value: product, ...envelope },
      { type: 'addToolbarItem', value: { ...cart, title: 'My cart' }, ...envelope },
    ]);
    // A widget that reloads gets init and the items again, in the order added (it keeps the last of an id).
    widget.postMessage.mockClear();
    fromWidget({ type: 'hello' });
    expect(posted().map((m) => m.type)).toEqual(['init', 'addToolbarItem', 'addToolbarItem', 'addToolbarItem']);
  });

  it('the toolbarItem event names the item the visitor chose; one from another origin, or without an id, is not told', () => {
    const c = chat();
    const chosen: string[] = [];
    c.on('toolbarItem', (id) => chosen.push(id));
    c.addToolbarItem({ id: 'cart', title: 'Share my cart', icon: 'https://shop.example/cart.svg' });
    c.open();
    fromWidget({ type: 'hello' });
    fromWidget({ type: 'toolbarItem', id: 'cart' });
    fromWidget({ type: 'toolbarItem', id: 'cart' }, 'https://evil.example');
    fromWidget({ type: 'toolbarItem' });
    fromWidget({ type: 'toolbarItem', id: ' ' });
    expect(chosen).toEqual(['cart']);
  });

  it('what postMessage cannot copy is one warning at once, named by the call, and never goes to the widget; nothing thrown', () => {
    const warn = warnings();
    const c = chat();
    const uncopyable = [{ id: 'a', title: 'A', icon: 'https://shop.example/a.svg', onClick: () => undefined }, () => undefined];
    for (const item of uncopyable) expect(() => c.push(['addToolbarItem', item as never])).not.toThrow();
    const cards = [{ code: 'goods', data: { onClick: () => undefined } }, Symbol('card')];
    for (const card of cards) expect(() => c.sendCard(card as never)).not.toThrow();
    expect(warn.mock.calls).toEqual([
      ...uncopyable.map((item) => ['[visitor-chat] bad addToolbarItem:', item]),
      ...cards.map((card) => ['[visitor-chat] bad sendCard:', card]),
    ]);
    c.open();
    fromWidget({ type: 'hello' });
    expect(posted().map((m) => m.type)).toEqual(['init']);
  });

  it('what the widget checks goes to it as the page passed it (a copy), whatever it is: the widget warns of a bad one (tests/widget/hostLink.test.ts, earlyChat)', () => {
    const c = chat();
    const items = [
      null,
      undefined,
      'cart',
      { id: 'a', title: 'No picture' },
      { id: 'a', title: 'Number', icon: 42 },
      { id: 'a', title: 'Script', icon: 'javascript:alert(1)' },
    ];
    for (const item of items) c.push(['addToolbarItem', item as never]);
    c.open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls.slice(1).map(([m]) => (m as { value: unknown }).value)).toEqual(items);
  });

  it('sendCard before the chat runs waits like identify, and goes once after init — not again when the widget reloads; later ones go at once', () => {
    const c = chat();
    c.push(['sendCard', BOOTS]);
    expect(widget.postMessage).not.toHaveBeenCalled();
    c.open();
    expect(widget.postMessage).not.toHaveBeenCalled();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls.map(([m]) => m)).toEqual([expect.objectContaining({ type: 'init' }), { type: 'sendCard', value: BOOTS, ...envelope }]);
    fromWidget({ type: 'hello' });
    expect(posted().map((m) => m.type)).toEqual(['init', 'sendCard', 'init']);
    c.sendCard({ code: 'sku', data: { id: 7 } });
    expect(widget.postMessage.mock.calls.at(-1)?.[0]).toEqual({ type: 'sendCard', value: { code: 'sku', data: { id: 7 } }, ...envelope });
  });

  it('the card is a copy: the page changing its object afterwards changes nothing', () => {
    const c = chat();
    const mine = { code: 'goods', data: { name: 'Boots' } };
    c.sendCard(mine);
    mine.data.name = 'Changed';
    c.open();
    fromWidget({ type: 'hello' });
    expect(widget.postMessage.mock.calls.map(([m]) => m)).toEqual([
      expect.objectContaining({ type: 'init' }),
      { type: 'sendCard', value: { code: 'goods', data: { name: 'Boots' } }, ...envelope },
    ]);
  });
});
