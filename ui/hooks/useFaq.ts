import { canShowFaq, hasFaq } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/** What useFaq returns: whether the channel has an FAQ, and showing it. */
export interface UseFaqResult {
  /** The channel has an FAQ. */
  available: boolean;
  /** Adds the FAQ again as the newest message; null while that is not allowed. */
  show: (() => void) | null;
}

/**
 * The channel's FAQ (SPEC §2, §3 faqMode/faqConfig), for a button in the composer or the navigation
 * bar: `available` while the channel has one (hasFaq); `show` adds it again as the newest message,
 * null while that is not allowed — no FAQ, or the newest message already is one (canShowFaq).
 */
export function useFaq(): UseFaqResult {
  const engine = useChatEngine();
  const available = useChatSelector(hasFaq);
  const may = useChatSelector(canShowFaq);
  return { available, show: may ? engine.showFaq : null };
}
