import type { ChatState } from '../../core/state';
import { ChatStatus, ReceiveMode } from '../../model/codes';
import { hasPendingVisitorMessage } from '../delivery/predicates';
import { userFormRequired } from '../forms/predicates';

/** SPEC §4 status 2 or 3: an agent session runs, or the visitor waits in its queue. */
export function withAgent(s: ChatState): boolean {
  return s.status === ChatStatus.InConversation || s.status === ChatStatus.Queued;
}

/** The visitor may ask for a human now: a session, no agent and no queue yet (status 0/1), no transfer running, no form owed (SPEC §4). */
export function canRequestHuman(s: ChatState): boolean {
  return (
    s.session !== null &&
    (s.status === ChatStatus.NotStarted || s.status === ChatStatus.FormCheck) &&
    !s.transferring &&
    !userFormRequired(s)
  );
}

/** The visitor may end the chat (SPEC §7 chatClose): with an agent or in the queue, and not already closed. */
export function canEnd(s: ChatState): boolean {
  return s.session !== null && withAgent(s) && !s.chatClosed;
}

/** SPEC §4 Receive mode: in mode 3 with msgToTransferFlag, visitor messages wait for an agent session. */
export function heldForAgent(s: ChatState): boolean {
  return s.channel?.receiveMode === ReceiveMode.Agent && s.channel.msgToTransfer && s.status !== ChatStatus.InConversation;
}

/** SPEC §4: the automatic transfer of mode 3, skipped when msgToTransferFlag is set and no message is pending. */
export function transfersAutomatically(s: ChatState): boolean {
  if (s.channel?.receiveMode !== ReceiveMode.Agent) return false;
  return !s.channel.msgToTransfer || hasPendingVisitorMessage(s);
}

/** SPEC §4 status 3: the visitor waits in the queue for an agent. */
export function isQueued(s: ChatState): boolean {
  return s.status === ChatStatus.Queued;
}

/** The queue position shown (SPEC §4 transfer 3): while queued, when known. */
export function queuePosition(s: ChatState): number | null {
  return isQueued(s) ? (s.queue?.position ?? null) : null;
}
