import type { ChatState } from '../../core/state';
import { MsgType, SenderType } from '../../model/codes';
import { createMessage, type ChatMessage } from '../../model/message';

/**
 * The channel's FAQ message (SPEC §2, §3 msgType faq): from the robot, its questions in the bubble
 * (the channel's faqConfig), and no text of its own — a UI titles it in the visitor's language.
 */
export function faqMessage(s: ChatState, id: string, createdAt: number): ChatMessage {
  return createMessage({
    id,
    senderType: SenderType.Robot,
    senderName: s.channel?.robotName,
    msgType: MsgType.Faq,
    msgContent: '',
    createdAt,
    suggestions: s.channel?.faq ?? [],
  });
}
