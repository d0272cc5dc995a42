import type { ChatState } from '../../core/state';

/** An older page of history may be asked for: the chat is ready, no page is loading, and the last one was not the oldest (SPEC §7 getHistoryMsg). */
export function canLoadOlder(s: ChatState): boolean {
  return s.phase === 'ready' && s.session !== null && !s.history.loading && !s.history.exhausted;
}
