import type { VisitorChat, VisitorChatCall, VisitorChatOptions } from './api';
import { createVisitorChat } from './chat';
import { warn } from './protocol';

declare global {
  interface Window {
    /**
     * The chat's API (ui/loader/api.ts) once loader.js ran; before, a queue of calls the page
     * pushed (`(window.VisitorChat = window.VisitorChat || []).push(['open'])`), run in order.
     */
    VisitorChat?: VisitorChat | VisitorChatCall[];
  }
}

/**
 * `<script async src=".../chat/loader.js" data-channel-id="…">`: the options from the tag's data
 * attributes (docs/embedding.md; they are named as the options), the chat's address from the
 * script's own, the queued calls run.
 */
function boot(script: HTMLScriptElement): void {
  const queued = window.VisitorChat;
  // The host page may have loaded it twice: the first one stays (checked here: two copies that both
  // waited for the body would otherwise both draw a launcher).
  if ((queued as VisitorChat | undefined)?.isOpen) return;
  const data = script.dataset;
  // Without a channel there is no chat: the one warning every mistake of the page gets.
  if (!data.channelId) return warn('data-channel-id', data.channelId);
  const chat = createVisitorChat({
    ...(data as unknown as VisitorChatOptions),
    chatUrl: data.chatUrl ?? new URL('.', script.src).href,
    hideLauncher: (data.hideLauncher ?? 'false') !== 'false',
  });
  window.VisitorChat = chat;
  if (Array.isArray(queued)) queued.forEach(chat.push);
  // Something of the page's own by that name (an element with id="VisitorChat", another script's object) is no queue.
  else if (queued != null) warn('window.VisitorChat (replaced)', queued);
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  // After the body, the launcher comes after the page's own controls in tab order (and in paint order where there is no top layer).
  if (document.body) boot(script);
  else document.addEventListener('DOMContentLoaded', () => boot(script));
}
