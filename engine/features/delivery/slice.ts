import { updateMessage, type Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import { MessageStatus } from '../../model/codes';
import type { ChatMessage } from '../../model/message';
import { append, appendAll, findMessage } from '../../model/timeline';
import { canRetry } from './predicates';

export type DeliveryCommand =
  /** A visitor message (text or file) is added and delivered (SPEC §4 Sending). */
  | { type: 'visitorSent'; message: ChatMessage }
  /** The visitor sends a failed message again (canRetry). */
  | { type: 'retry'; id: string };

export type DeliveryResult =
  /** SPEC §4 Sending: a file's upload moved on (progress 0..1). */
  | { type: 'uploadProgressed'; id: string; progress: number }
  /** SPEC §4 Sending: the file is uploaded; its message is sent next. */
  | { type: 'uploaded'; id: string; fileUrl: string }
  /** SPEC §4, §8: an upload failure marks the message fail (a retry uploads again). */
  | { type: 'uploadFailed'; id: string }
  /** Unconfirmed after 800 ms: the loading indicator shows (SPEC §4). */
  | { type: 'sendSlow'; id: string }
  /** Confirmed; `serverId` is the id the backend gave it when not its clientMsgId. */
  | { type: 'sendSucceeded'; id: string; serverId?: string }
  | { type: 'sendFailed'; id: string }
  /** Unconfirmed messages of an earlier page load, from the stored outbox, oldest first: shown and sent. */
  | { type: 'outboxRestored'; messages: readonly ChatMessage[] }
  /** Failed messages sent again by themselves (a new session, back online, the page shown again). */
  | { type: 'outboxFlushed'; ids: readonly string[] };

/** Fail: no loading indicator, and a file not yet uploaded keeps only its file (its upload starts over on retry). */
const failed = (m: ChatMessage): ChatMessage => ({ ...m, status: MessageStatus.Fail, slow: undefined, upload: m.upload && { file: m.upload.file } });

/** A failed message sent again: pending (canRetry). */
const again = (state: ChatState, id: string): ChatState =>
  canRetry(findMessage(state.messages, id)) ? updateMessage(state, id, (m) => ({ ...m, status: MessageStatus.Pending, slow: undefined })) : state;

export const deliveryCases: Handles<
  'visitorSent' | 'retry' | 'outboxFlushed' | 'outboxRestored' | 'uploadProgressed' | 'uploaded' | 'uploadFailed' | 'sendSlow' | 'sendSucceeded' | 'sendFailed'
> = {
  visitorSent: (state, { message }) => ({ ...state, messages: append(state.messages, { ...message, status: MessageStatus.Pending }) }),
  retry: (state, { id }) => again(state, id),
  outboxFlushed: (state, { ids }) => ids.reduce(again, state),
  outboxRestored: (state, { messages }) => ({
    ...state,
    messages: appendAll(
      state.messages,
      messages.map((m) => ({ ...m, status: MessageStatus.Pending })),
    ),
  }),
  uploadProgressed: (state, { id, progress }) => updateMessage(state, id, (m) => (m.upload ? { ...m, upload: { ...m.upload, progress } } : m)),
  // The receiver may read the file's address from msgContent as well as from fileUrl.
  uploaded: (state, { id, fileUrl }) => updateMessage(state, id, (m) => ({ ...m, fileUrl, msgContent: fileUrl, upload: undefined })),
  uploadFailed: (state, { id }) => updateMessage(state, id, failed),
  sendSlow: (state, { id }) => updateMessage(state, id, (m) => (m.status === MessageStatus.Pending ? { ...m, slow: true } : m)),
  sendSucceeded: (state, { id, serverId }) =>
    updateMessage(state, id, (m) => ({ ...m, status: MessageStatus.Sent, slow: undefined, ...(serverId && serverId !== m.id && { serverId }) })),
  sendFailed: (state, { id }) => updateMessage(state, id, failed),
};
