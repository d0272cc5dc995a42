import { useCallback } from 'react';
import { MessageStatus, canRetry, isUploading, type ChatMessage } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';

/** What the delivery indicator shows (SPEC §4): loading only once a send is slow (800 ms). */
export type DeliveryStatus = 'pending' | 'loading' | 'sent' | 'fail';

/** All a UI shows of a message's way to the server (SPEC §4 Sending, Delivery indicator). */
export interface Delivery {
  /** The indicator: null for messages without a status. */
  status: DeliveryStatus | null;
  /** Not delivered (SPEC §8): the message says so and offers `retry`. */
  failed: boolean;
  /** Its file is still uploading. */
  uploading: boolean;
  /** How far the upload got, 0 to 1, when the platform reports it. */
  progress: number | undefined;
  /** Restarts the 800 ms / 5 s / 12 s cycle; null unless the message failed. */
  retry: (() => void) | null;
}

/** The delivery of a message (SPEC §4 Delivery indicator, upload progress, §8 fail and retry), read in one place. */
export function useDeliveryStatus(message: ChatMessage): Delivery {
  const engine = useChatEngine();
  const { id, status: raw, slow } = message;
  const retry = useCallback(() => engine.retry(id), [engine, id]);
  let status: DeliveryStatus | null = null;
  if (raw === MessageStatus.Pending) status = slow ? 'loading' : 'pending';
  else if (raw === MessageStatus.Sent) status = 'sent';
  else if (raw === MessageStatus.Fail) status = 'fail';
  const uploading = isUploading(message);
  return { status, failed: status === 'fail', uploading, progress: uploading ? message.upload?.progress : undefined, retry: canRetry(message) ? retry : null };
}
