import type { ChatState } from '../../core/state';
import { MsgType } from '../../model/codes';
import type { ChatMessage } from '../../model/message';
import { inConversation } from '../conversation/predicates';
import { lastWord } from '../../model/timeline';

/** SPEC §3 faqMode/faqConfig: the channel has an FAQ (faqMode on and at least one question). */
export function hasFaq(s: ChatState): boolean {
  return (s.channel?.faq?.length ?? 0) > 0;
}

/**
 * SPEC §2 FAQ message at the start of the chat, once the first history page is in: wherever the
 * channel has an FAQ and no agent talks with the visitor yet — robot or agent mode, new or
 * returning visitor, with or without a welcome (a visitor in the queue has no agent yet).
 */
export function opensWithFaq(s: ChatState): boolean {
  return hasFaq(s) && !inConversation(s);
}

/** An FAQ message: the channel's, or a robot answer of msgType faq with its questions. */
export function isFaqMessage(m: ChatMessage): boolean {
  return m.msgType === MsgType.Faq && (m.suggestions?.length ?? 0) > 0;
}

/**
 * The visitor may bring the FAQ back (the composer's FAQ button): the channel has one and the
 * newest message — system lines and auto-tips aside — is not already an FAQ message.
 */
export function canShowFaq(s: ChatState): boolean {
  const newest = lastWord(s.messages);
  return hasFaq(s) && !(newest && isFaqMessage(newest));
}
