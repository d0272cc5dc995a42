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

/**
 * A topic of a tree card the visitor chose (docs/protocol.md "Cards": a help centre's node with
 * content): its title and content as a local message from the robot, shown only on this page (not
 * sent: the answer was in the card already).
 */
export function topicMessage(s: ChatState, id: string, createdAt: number, topic: { title: string; content: string }): ChatMessage {
  return createMessage({
    id,
    senderType: SenderType.Robot,
    senderName: s.channel?.robotName,
    msgType: MsgType.Text,
    msgContent: `${topic.title}\n${topic.content}`,
    createdAt,
  });
}
