import { useEffect, useMemo, useState } from 'react';
import type { VisitorChat, VisitorChatOptions } from './api';
import { createVisitorChat } from './chat';

/** What `useVisitorChat` returns: the chat's state for rendering, and its API. */
export interface VisitorChatBinding {
  /**
   * The loader's API (`identify`, `setLanguage`, `sendCard`, `addToolbarItem`, `on`, …) once the chat
   * is ready, after the component mounted; null before (the first render, server rendering).
   */
  chat: VisitorChat | null;
  /** The panel is open (also when the visitor left it open on the previous page). */
  isOpen: boolean;
  /** Messages that arrived while the panel was closed (0 once it opens). */
  unread: number;
  /** Opens the panel (nothing before the chat is ready). */
  open(): void;
  /** Closes the panel; the conversation goes on. */
  close(): void;
  /** Opens the panel when closed, closes it when open: what a button of the page's own calls. */
  toggle(): void;
}

/**
 * The chat on this page while the calling component is mounted (docs/embedding.md "React"): made
 * with `createVisitorChat(options)` on mount, `destroy()`ed on unmount (StrictMode's second mount
 * makes a new one), made again when the options change (compared by value). Keep the component
 * mounted for as long as the chat should stay, e.g. in the app's layout: unmounting it removes the
 * chat and its conversation view. With `hideLauncher: true` the page draws its own button from
 * `isOpen`, `unread` and `toggle`.
 */
export function useVisitorChat(options: VisitorChatOptions): VisitorChatBinding {
  const key = JSON.stringify(options);
  const [chat, setChat] = useState<VisitorChat | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);

  useEffect(() => {
    const created = createVisitorChat(JSON.parse(key) as VisitorChatOptions);
    // A chat destroyed before its ready (StrictMode's first mount) must not become the current one.
    let current = true;
    const showOpen = () => setOpen(created.isOpen());
    // ready comes once the chat runs its calls (a microtask after this): the panel may have opened by
    // itself then (left open on the previous page). Before unreadCountChange, which a count restored
    // from the previous page fires right after it.
    created.on('ready', () => {
      if (!current) return;
      setChat(created);
      setUnread(0);
      showOpen();
    });
    created.on('open', showOpen);
    created.on('close', showOpen);
    created.on('unreadCountChange', setUnread);
    return () => {
      current = false;
      created.destroy();
    };
  }, [key]);

  return useMemo(
    () => ({
      chat,
      isOpen,
      unread,
      open: () => chat?.open(),
      close: () => chat?.close(),
      toggle: () => chat?.toggle(),
    }),
    [chat, isOpen, unread],
  );
}
