import type { EventBatch, EventStreamRequest, PushFrame, VisitorApi } from '#engine/transport/visitorApi';

/** A push stream being listened to: its frames and how it ended, filling in while a test goes on. */
export interface Listened {
  frames: PushFrame[];
  end: { error?: unknown; completed?: boolean };
  /** The batches among the frames. */
  batches: () => EventBatch[];
  close: () => void;
}

/** Opens `api`'s event stream (docs/protocol.md "Push") and records what it does. */
export function listen(api: VisitorApi, request: EventStreamRequest): Listened {
  const frames: PushFrame[] = [];
  const end: Listened['end'] = {};
  const subscription = api.eventStream?.(request).subscribe({
    next: (frame) => frames.push(frame),
    error: (error: unknown) => (end.error = error),
    complete: () => (end.completed = true),
  });
  const batches = () => frames.flatMap((frame) => (frame.kind === 'batch' ? [frame.batch] : []));
  return { frames, end, batches, close: () => subscription?.unsubscribe() };
}
