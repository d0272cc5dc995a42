import type { Intent } from '../../core/intents';
import type { ChatState } from '../../core/state';
import type { AgentGroup } from '../../model/channel';
import { ChatStatus, MessageStatus, MsgType, QuickReplyCode, ReceiveMode, SenderType } from '../../model/codes';
import type { ChatMessage } from '../../model/message';
import type { QuickReply } from '../../model/quickReply';
import { hasPendingVisitorMessage } from '../delivery/predicates';
import { userFormRequired } from '../forms/predicates';

/** SPEC §4 status 2: the visitor talks with an agent. */
export function inConversation(s: ChatState): boolean {
  return s.status === ChatStatus.InConversation;
}

/** The agent the visitor talks with, as the header shows them: a name and, when known, a picture. */
export interface CurrentAgent {
  name: string;
  avatar?: string;
}

/**
 * The agent of the running conversation (SPEC §4 status 2): the transfer's nickname (adminNick),
 * else the name on their latest message, and that message's picture (docs/protocol.md "Avatars");
 * null outside a conversation with an agent, or while nothing names them.
 */
export function currentAgent(s: ChatState): CurrentAgent | null {
  if (!inConversation(s)) return null;
  const latest = s.messages.findLast((m) => m.senderType === SenderType.Agent);
  const name = s.agentNick ?? latest?.senderName;
  return name ? { name, avatar: latest?.senderAvatar } : null;
}

/** SPEC §4 status 2 or 3: an agent session runs, or the visitor waits in its queue. */
export function withAgent(s: ChatState): boolean {
  return inConversation(s) || isQueued(s);
}

/** The visitor may ask for a human now: a session, no agent and no queue yet (status 0/1), no transfer running, no form owed (SPEC §4). */
export function canRequestHuman(s: ChatState): boolean {
  return s.session !== null && (s.status === ChatStatus.NotStarted || s.status === ChatStatus.FormCheck) && !s.transferring && !userFormRequired(s);
}

/** A quick reply that asks for a human agent when tapped (its reserved code, docs/protocol.md "Quick replies"). */
export function transfersToHuman(reply: QuickReply): boolean {
  return reply.code === QuickReplyCode.TransferToHuman;
}

/**
 * The visitor may choose `reply` now: any reply, but one that transfers to a human only while the
 * visitor may ask for one (canRequestHuman, the rule of the navigation bar's button).
 */
export function canChooseQuickReply(s: ChatState, reply: QuickReply): boolean {
  return !transfersToHuman(reply) || canRequestHuman(s);
}

/** The visitor may end the chat (SPEC §7 chatClose): with an agent or in the queue, and not already closed. */
export function canEnd(s: ChatState): boolean {
  return s.session !== null && withAgent(s) && !s.chatClosed;
}

/**
 * The agent side is over (SPEC §4 1202 close, 1208 refusal): no agent, no queue, and a group choice
 * still open is withdrawn — a transfer waiting for it ends (slice.ts leaveAgent). The wait for an
 * agent ends with it (agentWaitEndedSince).
 */
export function endsAgentSide(i: Intent): boolean {
  return i.type === 'chatClosed' || i.type === 'agentRefused';
}

/**
 * The wait for an agent ended without one after the moment `ended` was read from
 * `s.agentWait.ended`, and no new ask for an agent started since: what a message held for an agent
 * (heldForAgent) learns, counting only what happened while it waited.
 */
export function agentWaitEndedSince(s: ChatState, ended: number): boolean {
  return s.agentWait.over && s.agentWait.ended > ended;
}

/** SPEC §4 Receive mode: in mode 3 with msgToTransferFlag, visitor messages wait for an agent session. */
export function heldForAgent(s: ChatState): boolean {
  return s.channel?.receiveMode === ReceiveMode.Agent && s.channel.msgToTransfer && !inConversation(s);
}

/**
 * In mode 3 a conversation with an agent ended (chatClosed after status 2): nobody reads what the
 * visitor writes now, so their next message starts a new chat with an agent (a transfer), who finds
 * it in the conversation.
 */
export function messageStartsNewChat(s: ChatState): boolean {
  return s.channel?.receiveMode === ReceiveMode.Agent && s.chatClosed && s.metAgent && !inConversation(s);
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

/** The place at the front of the queue: what a waitIndex of 0, or none, shows. */
const FRONT_OF_QUEUE = 1;

/**
 * The place in the queue a waitIndex gives (SPEC §4 transfer 3), or null when it gives none: 0
 * means "at the front" (the agent connects next), never shown as "number 0".
 */
export function queuePlace(waitIndex: number | undefined): number | null {
  return waitIndex !== undefined && waitIndex >= FRONT_OF_QUEUE ? waitIndex : null;
}

/** The place shown when the visitor joins the queue (transfer result 3): the waitIndex's, else the front. */
export function joinedQueueAt(waitIndex: number | undefined): number {
  return queuePlace(waitIndex) ?? FRONT_OF_QUEUE;
}

/** The queue position shown (SPEC §4 transfer 3): while queued, when known. */
export function queuePosition(s: ChatState): number | null {
  return isQueued(s) ? (s.queue?.position ?? null) : null;
}

/**
 * SPEC §3 chat-groupId: the group a returning visitor chose before (`stored`), when the channel
 * still offers it — the transfer goes to it again instead of asking; null when there is none.
 */
export function rememberedGroup(groups: readonly AgentGroup[], stored: string | null): AgentGroup | null {
  return (stored && groups.find((g) => g.id === stored)) || null;
}

/** Most messages a handoff adds to the agent's session (addSessionMsg): the latest of the robot conversation. */
export const HANDOFF_MESSAGES_MAX = 20;

/** The kinds of message an agent can read in its session: no system lines, FAQ lists or left messages. */
const agentReads = (type: MsgType): boolean =>
  ([MsgType.Text, MsgType.Image, MsgType.File, MsgType.Audio, MsgType.Video, MsgType.Answer, MsgType.Card] as readonly MsgType[]).includes(type);

/**
 * What the visitor and the robot said from `since` (the session's start in this page) to `until`
 * (the visitor's ask for an agent), oldest first, the latest HANDOFF_MESSAGES_MAX: the visitor's
 * delivered messages and the robot's answers (one cut short included, one still awaited not) —
 * nothing when the robot said nothing (an agent-only channel: the visitor wrote to the agent). What
 * a handoff adds to the agent's session (issue 27).
 */
export function robotConversation(s: ChatState, since: number, until: number): ChatMessage[] {
  const said = s.messages.filter(
    (m) =>
      m.createdAt >= since &&
      m.createdAt <= until &&
      agentReads(m.msgType) &&
      m.notice === undefined &&
      ((m.senderType === SenderType.Visitor && m.status === MessageStatus.Sent) || (m.senderType === SenderType.Robot && !m.awaiting)),
  );
  return said.some((m) => m.senderType === SenderType.Robot) ? said.slice(-HANDOFF_MESSAGES_MAX) : [];
}
