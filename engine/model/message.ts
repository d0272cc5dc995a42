import { MessageStatus, MsgType, SenderType } from './codes';
import type { Notice } from './notice';
import type { QuickReply } from './quickReply';

/** Where a message sits in the list (SPEC §3 display fields). */
export type Position = 'left' | 'right' | 'center';

/** A message ready for display (SPEC §3 Message plus display fields). */
export interface ChatMessage {
  readonly id: string;
  /**
   * The id the backend gave a visitor message in its sendMsg answer, when it is not `id` (the
   * clientMsgId): a backend without the clientMsgId extension names the message by it in 1205,
   * history pages and echoes (docs/protocol.md "Client message id").
   */
  readonly serverId?: string;
  readonly userId?: string;
  readonly senderType: SenderType;
  readonly senderName?: string;
  /** The sender's picture, an http(s) URL (docs/protocol.md "Avatars"); shown as avatarOf() says. */
  readonly senderAvatar?: string;
  readonly msgType: MsgType;
  /**
   * The text; for a card message (msgType `card`), the card as JSON text `{code, data, fallback}`
   * (docs/protocol.md "Cards"): `decodeCardContent` reads it, `cardFallbackText` its fallback.
   */
  readonly msgContent: string;
  readonly msgTime?: number;
  readonly fileName?: string;
  readonly audioDuration?: number;
  readonly fileSize?: number;
  readonly fileUrl?: string;
  readonly status?: MessageStatus;
  readonly remote?: boolean;
  readonly robotAskMsgType?: string;
  readonly specialMsgFlag?: number;
  readonly position: Position;
  readonly createdAt: number;
  /** The message carried its own time flag (SPEC §3 hasTime "when carried"). */
  readonly carriesTime: boolean;
  /** Show the time above this message (SPEC §3 hasTime). */
  readonly hasTime: boolean;
  /** A text written by the engine, translated by the UI; msgContent holds the English fallback. */
  readonly notice?: Notice;
  /** Questions the visitor may tap next (FAQ list, robot suggestions), as quick replies (SPEC §3). */
  readonly suggestions?: readonly QuickReply[];
  /** A robot answer not yet received (or, streamed, still arriving: ChatState.answers holds it meanwhile). */
  readonly awaiting?: boolean;
  /**
   * A streamed robot answer that stopped before it finished (docs/protocol.md "Streamed
   * answers": an error frame, a cut stream, an abort, a stall): msgContent is what arrived; it may be asked again.
   */
  readonly interrupted?: boolean;
  /** A pending visitor message still unconfirmed after 800 ms: show the loading indicator (SPEC §4). */
  readonly slow?: boolean;
  /** A visitor file not yet uploaded (SPEC §4 Sending: upload first); gone once fileUrl is set. */
  readonly upload?: FileUpload;
  /** A local preview of a sent file (e.g. an object URL the UI made), shown instead of fileUrl. */
  readonly localUrl?: string;
  /** The visitor's rating of a robot reply (SPEC §4 Rating of a reply); kept locally, never sent. */
  readonly rating?: MessageRating;
  /** How long the robot thought: answer time − placeholder time (SPEC §4 Thinking block). */
  readonly thoughtMs?: number;
}

/** A rating of a reply: thumbs up or down (SPEC §4). */
export type MessageRating = 'up' | 'down';

/** The file of a message that still has to be uploaded, and how far its upload got. */
export interface FileUpload {
  readonly file: Blob;
  /** 0..1 while the transport reports progress; undefined when unknown (indeterminate). */
  readonly progress?: number;
}

/** Position by sender: visitor right, system centre, everyone else left (the default). */
export function positionOf(senderType: SenderType): Position {
  if (senderType === SenderType.Visitor) return 'right';
  if (senderType === SenderType.System) return 'center';
  return 'left';
}

/** Fields a locally created message needs; the rest take their defaults. */
export type NewMessage = Pick<ChatMessage, 'id' | 'senderType' | 'msgType' | 'msgContent' | 'createdAt'> &
  Partial<Omit<ChatMessage, 'position' | 'hasTime' | 'carriesTime'>>;

/** Builds a message created on this side (visitor input, notices, welcome texts). */
export function createMessage(fields: NewMessage): ChatMessage {
  return { ...fields, position: positionOf(fields.senderType), carriesTime: false, hasTime: false };
}

/** The wire form of a message for sendMsg: the message without its id or display fields (SPEC §7). */
export function toWire(
  m: ChatMessage,
  userId: string,
): Pick<ChatMessage, 'senderType' | 'senderName' | 'msgType' | 'msgContent' | 'fileName' | 'audioDuration' | 'fileSize' | 'fileUrl'> & {
  userId: string;
  msgTime: number;
} {
  return {
    userId,
    senderType: m.senderType,
    senderName: m.senderName,
    msgType: m.msgType,
    msgContent: m.msgContent,
    msgTime: m.createdAt,
    fileName: m.fileName,
    audioDuration: m.audioDuration,
    fileSize: m.fileSize,
    fileUrl: m.fileUrl,
  };
}

let counter = 0;
/**
 * The engine's default message id: unique across tabs and page loads (it is also the message's
 * clientMsgId, by which a server recognises a repeated send), readable in logs.
 */
export function defaultMessageId(): string {
  counter += 1;
  const unique =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `local-${unique}-${counter.toString(36)}`;
}
