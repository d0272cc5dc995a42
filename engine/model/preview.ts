import { cardFallbackText } from './cardText';
import { MsgType } from './codes';
import type { ChatMessage } from './message';

/** A new message as a page that embeds the chat hears of it (SPEC §2 notice): who wrote it and how it starts. */
export interface MessagePreview {
  senderName?: string;
  /** The text's first 100 characters on one line (a card's: the fallback it gives); a file's name; '' for media without one. */
  preview: string;
}

/** How long a preview's text may be. */
const PREVIEW_CHARS = 100;

/**
 * A message's text as plain text reads it (a screen reader's announcement, a preview): msgContent;
 * a card's, the fallback it gives (model/cardText.ts), never its JSON.
 */
export function messageText(message: ChatMessage): string {
  return message.msgType === MsgType.Card ? cardFallbackText(message.msgContent) : message.msgContent;
}

/** The preview of `message` (text as plain text: a robot answer's markup is the host's to ignore). */
export function previewOf(message: ChatMessage): MessagePreview {
  const text =
    message.msgType === MsgType.Text || typeof message.msgType === 'string' || message.msgType === MsgType.SystemText || message.msgType === MsgType.AutoTip;
  const preview = text ? [...messageText(message).replace(/\s+/g, ' ').trim()].slice(0, PREVIEW_CHARS).join('') : (message.fileName ?? '');
  return message.senderName ? { senderName: message.senderName, preview } : { preview };
}
