import type { LauncherPosition, Prefetch, VisitorChat, VisitorChatCall, VisitorChatOptions } from './api';
import { createVisitorChat } from './chat';

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
 * attributes (docs/embedding.md), the chat's address from the script's own, the queued calls run.
 */
function boot(script: HTMLScriptElement): void {
  const data = script.dataset;
  const channelId = data.channelId;
  if (!channelId) {
    console.error('[visitor-chat] loader.js needs data-channel-id');
    return;
  }
  const options: VisitorChatOptions = {
    channelId,
    chatUrl: data.chatUrl ?? new URL('.', script.src).href,
    color: data.color,
    position: data.position as LauncherPosition | undefined,
    hideLauncher: data.hideLauncher !== undefined && data.hideLauncher !== 'false',
    language: data.language,
    prefetch: data.prefetch as Prefetch | undefined,
    groupId: data.groupId,
    adminId: data.adminId,
  };
  const queued = window.VisitorChat;
  const chat = createVisitorChat(options);
  window.VisitorChat = chat;
  if (Array.isArray(queued)) queued.forEach(chat.push);
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  // The host page may have loaded it twice: the first one stays.
  if (!window.VisitorChat || Array.isArray(window.VisitorChat)) {
    if (document.body) boot(script);
    else document.addEventListener('DOMContentLoaded', () => boot(script), { once: true });
  }
}
