import type { ChatState } from '../../core/state';

/**
 * Where to listen for pushed events (docs/protocol.md "Push"): the channel's `eventStream` ('' for
 * the API's own path), unless the engine's `push` option says otherwise — false never pushes, true
 * pushes at the default path when the channel names none; null: poll (SPEC §7).
 */
export function pushAddress(state: ChatState, push: boolean | undefined): string | null {
  if (push === false) return null;
  const offered = state.channel?.eventStream ?? null;
  return offered ?? (push === true ? '' : null);
}
