/**
 * The host-page loader as a module (docs/embedding.md): `createVisitorChat(options)` draws the
 * launcher and returns the API; no global. The script-tag build (ui/loader/script.ts) is the same
 * code behind `window.VisitorChat`.
 */
export { createVisitorChat } from './chat';
export type {
  Card,
  ToolbarItem,
  LauncherPosition,
  MessagePreview,
  Prefetch,
  VisitorChat,
  VisitorChatCall,
  VisitorChatEvent,
  VisitorChatEvents,
  VisitorChatHandler,
  VisitorChatOptions,
  VisitorIdentity,
} from './api';
