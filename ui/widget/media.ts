import { MsgType, type ChatMessage } from '@visitor-chat/chat-engine';
import { stripBidiControls } from './linkify';

/**
 * A URL from the wire that is safe as a src/href: http(s), blob, data images, or a path on this
 * site. Anything else (javascript:, unknown schemes) gives undefined.
 */
export function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = value.trim();
  if (/^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i.test(url)) return url;
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    return ['http:', 'https:', 'blob:'].includes(parsed.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file name as shown (file card, download name, alt text): without bidi controls, which could
 * disguise its extension ("invoice\u202Efdp.exe" would show as "invoiceexe.pdf"); undefined when
 * nothing is left.
 */
export function shownFileName(name: string | undefined): string | undefined {
  return name === undefined ? undefined : stripBidiControls(name) || undefined;
}

/** An image of the conversation as shown: its message, its src, and what its alt text is made of. */
export interface ShownImage {
  readonly id: string;
  readonly src: string;
  /** The image's own words (a caption the sender wrote), when it has them. */
  readonly caption?: string | undefined;
  readonly senderName?: string | undefined;
}

/**
 * The image an image message shows (SPEC §3 msgType image), or undefined when its address is no
 * safe URL: a file being sent shows its local preview (no reload flash once uploaded), else its
 * fileUrl or msgContent. msgContent is its caption when it is text beside a fileUrl, not the address.
 */
export function shownImage(m: ChatMessage): ShownImage | undefined {
  if (m.msgType !== MsgType.Image) return undefined;
  const url = safeUrl(m.fileUrl ?? m.msgContent);
  const src = safeUrl(m.localUrl) ?? url;
  if (!src) return undefined;
  const text = m.msgContent.trim();
  // msgContent often holds the file's address itself (SPEC §3 leaves it open).
  const looksLikeAddress = /^(?:[a-z][\w+.-]*:|\/)\S*$/i.test(text);
  const caption = text && m.fileUrl && text !== m.fileUrl && text !== url && !looksLikeAddress ? text : undefined;
  return { id: m.id, src, caption, senderName: m.senderName };
}
