import { useCallback } from 'react';
import { MessageStatus, canRetry, type ChatMessage } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';

/** What the delivery indicator shows (SPEC §4): loading only once a send is slow (800 ms). */
export type DeliveryStatus = 'pending' | 'loading' | 'sent' | 'fail';

/**
 * The delivery indicator of a message (SPEC §4 Delivery indicator): null for messages without a
 * status; `retry` restarts the 800 ms / 5 s / 12 s cycle and is null unless the message failed.
 */
export function useDeliveryStatus(message: ChatMessage): { status: DeliveryStatus | null; retry: (() => void) | null } {
  const engine = useChatEngine();
  const { id, status: raw, slow } = message;
  const retry = useCallback(() => engine.retry(id), [engine, id]);
  let status: DeliveryStatus | null = null;
  if (raw === MessageStatus.Pending) status = slow ? 'loading' : 'pending';
  else if (raw === MessageStatus.Sent) status = 'sent';
  else if (raw === MessageStatus.Fail) status = 'fail';
  return { status, retry: canRetry(message) ? retry : null };
}
