import { SenderType } from '../../model/codes';
import type { ChatMessage } from '../../model/message';

/**
 * SPEC §5 "an empty system message is ignored": a system message with blank text and no notice to
 * translate is neither shown nor queued. Other senders' messages are kept as they are.
 */
export function isEmptySystemMessage(message: ChatMessage): boolean {
  return message.senderType === SenderType.System && !message.notice && !message.msgContent.trim();
}
