import { MAX_FILE_SIZE_BYTES } from '../../constants';
import { outgoingCardText } from '../../model/cardText';
import { MsgType, SenderType } from '../../model/codes';
import { fileMsgType } from '../../model/fileType';
import { type ChatMessage, createMessage } from '../../model/message';
import { canSendText } from './predicates';

/** Extras of a file message: a local preview the UI made, and a voice recording's length. */
export interface SendFileExtra {
  /** A preview URL (e.g. an object URL) shown until, and after, the upload; the engine never reads it. */
  previewUrl?: string;
  /** Seconds of a voice recording: the message is then an audio message whatever its extension. */
  audioDuration?: number;
}

/** What `sendFile` did: the new message's id, or why nothing was sent. */
export type SendFileResult = { id: string } | { error: 'tooLarge'; limit: number; size: number } | { error: 'disposed' };

/** A visitor text message; null for blank text, which is never sent (SPEC §5). */
export function textMessage(text: string, id: () => string, now: number): ChatMessage | null {
  if (!canSendText(text)) return null;
  return createMessage({ id: id(), senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: text.trim(), createdAt: now });
}

/** A visitor card message (docs/protocol.md "Cards"): msgContent the card's JSON text; null for what is no card (`outgoingCardText`). */
export function cardMessage(card: unknown, id: () => string, now: number): ChatMessage | null {
  const msgContent = outgoingCardText(card);
  return msgContent === null ? null : createMessage({ id: id(), senderType: SenderType.Visitor, msgType: MsgType.Card, msgContent, createdAt: now });
}

/** The largest file a visitor may send, in bytes (the engine option, or the default). */
export const fileLimit = (maxFileSize: number | undefined): number => maxFileSize ?? MAX_FILE_SIZE_BYTES;

/**
 * A visitor file message (SPEC §4 Sending, §5 type from extension), to be uploaded first: a voice
 * recording is an audio message whatever its extension.
 */
export function fileMessage(file: Blob, fileName: string, extra: SendFileExtra, id: string, now: number): ChatMessage {
  return createMessage({
    id,
    senderType: SenderType.Visitor,
    msgType: extra.audioDuration !== undefined ? MsgType.Audio : fileMsgType(fileName),
    msgContent: '',
    fileName,
    fileSize: file.size,
    audioDuration: extra.audioDuration,
    localUrl: extra.previewUrl,
    upload: { file },
    createdAt: now,
  });
}
