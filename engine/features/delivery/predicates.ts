import { ApiError } from '../../transport/errors';
import type { ChatState } from '../../core/state';
import { MessageStatus, SenderType } from '../../model/codes';
import type { ChatMessage } from '../../model/message';

/** A visitor message not yet confirmed by the server (SPEC §4 Delivery indicator: pending). */
export function isPendingVisitorMessage(m: ChatMessage): boolean {
  return m.senderType === SenderType.Visitor && m.status === MessageStatus.Pending;
}

/** Some visitor message waits to be delivered. */
export function hasPendingVisitorMessage(s: ChatState): boolean {
  return s.messages.some(isPendingVisitorMessage);
}

/** SPEC §5: send is disabled while the text is empty — blank text is never sent. */
export function canSendText(text: string): boolean {
  return text.trim().length > 0;
}

/** The visitor may send this message again: it failed (SPEC §4 Delivery indicator, §8). */
export function canRetry(m: ChatMessage | undefined): m is ChatMessage {
  return m !== undefined && m.senderType === SenderType.Visitor && m.status === MessageStatus.Fail;
}

/** A visitor's file still on its way up (SPEC §4 Sending: upload, then sendMsg). */
export function isUploading(m: ChatMessage): boolean {
  return m.upload !== undefined && m.status === MessageStatus.Pending;
}

/**
 * In the outbox: a visitor message the server has not confirmed (pending, or failed and waiting for
 * a retry). It is re-sent after a reload, when the network comes back or on a new session.
 */
export function isUnconfirmed(m: ChatMessage): boolean {
  return m.senderType === SenderType.Visitor && (m.status === MessageStatus.Pending || m.status === MessageStatus.Fail);
}

/**
 * An unconfirmed message that can be sent again from another page load: text, or a file already
 * uploaded (its address is known). A file's bytes live only as long as the page.
 */
export function outlivesPage(m: ChatMessage): boolean {
  return isUnconfirmed(m) && m.upload === undefined;
}

/** What an upload answers when the backend takes no multipart body: 405, 415, 501 (envelope code, else HTTP status). */
const MULTIPART_REFUSED: readonly number[] = [405, 415, 501];

/**
 * An upload refused for its form, not its file (docs/protocol.md "uploadBase64"): an image then
 * goes again as base64 with uploadBase64.
 */
export function multipartRefused(e: unknown): boolean {
  return e instanceof ApiError && MULTIPART_REFUSED.includes(e.code);
}
