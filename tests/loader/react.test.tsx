import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitorChatOptions } from '../../ui/loader';
import { useVisitorChat } from '../../ui/loader/react';

/**
 * `useVisitorChat` of `@visitor-chat/loader/react` (docs/embedding.md "React"): the chat a component
 * owns, as an app that renders it sees it — the loader's launcher on the page while mounted, the
 * page's own button from `isOpen`, `unread` and `toggle`, nothing left behind on unmount.
 */
const CHAT = 'https://chat.example';
const OPTIONS: VisitorChatOptions = { channelId: 'shop', chatUrl: `${CHAT}/chat/`, prefetch: 'none' };

beforeEach(() => {
  // jsdom gives a frame in a shadow root no window: the loader's posts to the widget go nowhere.
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue({ postMessage: vi.fn() } as unknown as Window);
});
afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** The loader's elements on the page (one per chat). */
const loaders = () => document.querySelectorAll('visitor-chat');
const launcher = () => loaders()[0]?.shadowRoot?.querySelector('button') ?? null;
const panelFrame = () => loaders()[0]?.shadowRoot?.querySelector('iframe') ?? null;

/** A page's own chat button, as docs/embedding.md shows it. */
function HelpButton({ options }: { options: VisitorChatOptions }) {
  const chat = useVisitorChat(options);
  return (
    <>
      <button type="button" aria-expanded={chat.isOpen} onClick={chat.toggle}>
        {chat.isOpen ? 'Close chat' : 'Chat with us'}
        {chat.unread > 0 && ` (${chat.unread} unread)`}
      </button>
      <output>{chat.chat ? 'ready' : 'not ready'}</output>
    </>
  );
}

/** Lets the loader's ready (a microtask after the effect) reach React. */
const settle = () => act(async () => undefined);

describe('useVisitorChat (@visitor-chat/loader/react)', () => {
  it('draws the loader’s launcher while mounted, gives its API once ready, and removes it all on unmount', async () => {
    const { unmount } = render(<HelpButton options={OPTIONS} />);
    expect(screen.getByRole('status').textContent).toBe('not ready');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('ready');
    expect(launcher()?.getAttribute('aria-label')).toBe('Chat');
    unmount();
    expect(loaders()).toHaveLength(0);
  });

  it('server rendering gives the page’s button and no chat: the chat is made in the browser, after hydration', () => {
    const html = renderToString(<HelpButton options={OPTIONS} />);
    expect(html).toContain('Chat with us');
    expect(html).toContain('not ready');
    expect(loaders()).toHaveLength(0);
  });

  it('the page’s own button opens and closes the panel, and says so; with hideLauncher there is no second launcher', async () => {
    render(<HelpButton options={{ ...OPTIONS, hideLauncher: true }} />);
    await settle();
    expect(launcher()?.hidden).toBe(true);
    const button = screen.getByRole('button', { name: 'Chat with us' });
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe('Close chat');
    expect(panelFrame()?.src).toMatch(`${CHAT}/chat/index?channelid=shop`);
    await act(async () => button.click());
    expect(button.textContent).toBe('Chat with us');
  });

  it('a chat the visitor left open with unread messages on the previous page shows open, then the count once closed', async () => {
    sessionStorage.setItem('visitor-chat-shop', JSON.stringify({ open: false, unread: 2 }));
    render(<HelpButton options={OPTIONS} />);
    await settle();
    expect(screen.getByRole('button', { name: 'Chat with us (2 unread)' })).toBeTruthy();

    sessionStorage.setItem('visitor-chat-cart', JSON.stringify({ open: true, unread: 0 }));
    render(<HelpButton options={{ ...OPTIONS, channelId: 'cart' }} />);
    await settle();
    expect(screen.getByRole('button', { name: 'Close chat' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('under StrictMode one chat is on the page, and the button drives that one', async () => {
    render(
      <StrictMode>
        <HelpButton options={OPTIONS} />
      </StrictMode>,
    );
    await settle();
    expect(loaders()).toHaveLength(1);
    await act(async () => screen.getByRole('button', { name: 'Chat with us' }).click());
    expect(launcher()?.getAttribute('aria-expanded')).toBe('true');
  });

  it('options equal by value keep the chat; another channel makes a new one in its place', async () => {
    const { rerender } = render(<HelpButton options={{ ...OPTIONS }} />);
    await settle();
    const first = loaders()[0];
    rerender(<HelpButton options={{ ...OPTIONS }} />);
    await settle();
    expect(loaders()[0]).toBe(first);
    rerender(<HelpButton options={{ ...OPTIONS, channelId: 'cart' }} />);
    await settle();
    expect(loaders()).toHaveLength(1);
    expect(loaders()[0]).not.toBe(first);
  });
});
