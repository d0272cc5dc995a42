import type { AdminCardData, TransferAgentData, WireEvent, WireMessage } from '../engine/protocol.ts';
import { EventCode, FLAG_ON, MsgType, OutType, ReceiveMode, SenderType, TransferStatus } from '../engine/model/codes.ts';
import type { Preset } from './presets.ts';
import type { Store } from './store.ts';
import type { Visitor } from './visitor.ts';

/** The simulated agent's name. */
export const AGENT_NICK = 'Alice';
/** How much of a left message the agent's offline reply quotes. */
const LEFT_QUOTE_MAX = 60;

/** The agent card getAdminCard returns. */
export const ADMIN_CARD: AdminCardData = {
  adminWelcomeMode: FLAG_ON,
  adminWelcomeMsg: `Hi, I'm ${AGENT_NICK}. How can I help you today?`,
  adminNick: AGENT_NICK,
};

/** Position a visitor starts at in the `queue` preset. */
const QUEUE_START = 3;
/** The queue moves one place this often (about one poll period). */
const QUEUE_STEP_MS = 2_000;
/** Longest quote of the visitor's text in the agent's answer. */
const QUOTE_MAX = 60;

/** Base64 of the UTF-8 bytes of a text, the encoding of msgContentEnc; works in Node and browsers. */
export function encodeText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The agent's echo-ish answer to a visitor message. */
function replyTo(message: WireMessage): string {
  if (String(message.msgType) !== String(MsgType.Text)) return 'Thanks for the file, I will have a look at it.';
  const text = message.msgContent.trim();
  const quote = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return `Thanks, I'm looking into “${quote}”. Give me a moment.`;
}

/**
 * Whether a visitor message that arrives now waits for the agent, who answers it on joining: in the
 * queue, or before a transfer connected on a channel whose messages go to agents (receive mode 3,
 * SPEC §4). There, with msgToTransferFlag off, the widget sends a message at once whatever the status
 * (docs/protocol.md §4 "Receive mode"), so it may arrive before transferAgent: after chatStart, after
 * a close, and on the new session after a backend restart, where sendMsg and transferAgent go out
 * together. On a robot-first channel without an agent the robot answers (robotAsk), not the agent.
 */
function waitsForAgent(visitor: Visitor, preset: Preset): boolean {
  if (visitor.conversation === 'queued') return true;
  return visitor.conversation === 'none' && preset.channel.receiveMode !== ReceiveMode.RobotFirst;
}

/** The simulated human agent: transfer, queue, typing and answers, all on the store's clock. */
export class SimulatedAgent {
  constructor(
    private readonly store: Store,
    private readonly delayMs: number,
  ) {}

  /** Handles a transfer request by the channel's preset; repeated requests keep the current state. */
  transfer(visitor: Visitor, preset: Preset, groupId?: string): TransferAgentData {
    if (visitor.conversation === 'agent') return { status: TransferStatus.Success, adminNick: AGENT_NICK };
    if (visitor.conversation === 'queued') return { status: TransferStatus.Queued, waitIndex: visitor.waitIndex };
    if (groupId !== undefined && preset.groups && !preset.groups.some((group) => group.groupId === groupId)) {
      return { status: TransferStatus.Failure };
    }
    if (preset.transfer === TransferStatus.Success) {
      this.join(visitor);
      return { status: TransferStatus.Success, adminNick: AGENT_NICK };
    }
    if (preset.transfer === TransferStatus.Queued) {
      visitor.conversation = 'queued';
      visitor.waitIndex = QUEUE_START;
      this.store.schedule(visitor, this.store.clock() + QUEUE_STEP_MS, this.queueStep(visitor));
      return { status: TransferStatus.Queued, waitIndex: visitor.waitIndex };
    }
    return { status: preset.transfer };
  }

  /**
   * Reacts to a visitor message (when the preset lets the agent answer): in a conversation, types,
   * then answers after the delay; before the agent joined, keeps it for the agent (waitsForAgent).
   */
  react(visitor: Visitor, preset: Preset, message: WireMessage): void {
    if (!preset.agentReplies) return;
    if (visitor.conversation === 'agent') this.answer(visitor, [message]);
    else if (waitsForAgent(visitor, preset)) visitor.unanswered.push(message);
  }

  /** Stores an agent message and queues its 1201 event. */
  say(visitor: Visitor, text: string, at?: number): void {
    const message = this.store.addMessage(visitor, { senderType: SenderType.Agent, senderName: AGENT_NICK, msgType: MsgType.Text, msgContent: text }, at);
    this.emit(visitor, { event_type: EventCode.AgentMessage, msgId: message.id, msgContentEnc: encodeText(JSON.stringify(message)) });
  }

  /**
   * Answers a message the visitor left while no agent was there (leaveMsg), as an agent would later
   * on: the reply waits for the visitor's return (getOfflineMsg), just after the left message.
   */
  answerLeft(visitor: Visitor, left: WireMessage): void {
    const quoted = left.msgContent.length > LEFT_QUOTE_MAX ? `${left.msgContent.slice(0, LEFT_QUOTE_MAX)}…` : left.msgContent;
    const msgContent = `Thanks for your message (“${quoted}”). I'm on it and will write to you here as soon as I know more.`;
    this.store.addOfflineReply(visitor, { senderType: SenderType.Agent, senderName: AGENT_NICK, msgType: MsgType.Text, msgContent }, (left.msgTime ?? 0) + 1);
  }

  /**
   * Stores the agent's welcome (ADMIN_CARD), which the widget posts with sysMsg once it showed it,
   * as the agent's message: only while the visitor talks to the agent, only that very text, and once
   * a session. Whatever else a visitor's call claims the agent said is not the agent's.
   */
  keepWelcome(visitor: Visitor, content: unknown): void {
    const welcome = ADMIN_CARD.adminWelcomeMsg;
    if (visitor.conversation !== 'agent' || welcome === undefined || content !== welcome) return;
    const kept = this.store.sessionMessages(visitor, visitor.sessionId).some((m) => m.senderType === SenderType.Agent && m.msgContent === welcome);
    if (!kept) this.store.addMessage(visitor, { senderType: SenderType.Agent, senderName: AGENT_NICK, msgType: MsgType.Text, msgContent: welcome });
  }

  /** Ends the conversation from the agent side with event 1202. */
  end(visitor: Visitor, outType: OutType): void {
    this.store.endConversation(visitor);
    this.emit(visitor, { event_type: EventCode.SessionEnded, outType });
  }

  /** Refuses the visitor with event 1208. */
  refuse(visitor: Visitor): void {
    this.store.endConversation(visitor);
    this.emit(visitor, { event_type: EventCode.AgentRefused, msgContentEnc: encodeText('The agent declined the conversation.') });
  }

  /** Queues an event for the visitor's polls, signed by the agent. */
  emit(visitor: Visitor, event: WireEvent): void {
    this.store.emit(visitor, { adminNick: AGENT_NICK, ...event });
  }

  /** One step of the queue: the next place, or the agent takes over at the front (event 1200). */
  private queueStep(visitor: Visitor): (at: number) => void {
    return (at) => {
      visitor.waitIndex -= 1;
      if (visitor.waitIndex > 0) {
        this.store.schedule(visitor, at + QUEUE_STEP_MS, this.queueStep(visitor));
        return;
      }
      this.emit(visitor, { event_type: EventCode.SessionEstablished });
      this.join(visitor);
    };
  }

  /** The agent takes the conversation (transfer result 2, or event 1200) and answers, once, what the visitor wrote before. */
  private join(visitor: Visitor): void {
    visitor.conversation = 'agent';
    const waiting = visitor.unanswered;
    visitor.unanswered = [];
    if (waiting.length > 0) this.answer(visitor, waiting);
  }

  /** Types, then answers each message after the delay, in order. */
  private answer(visitor: Visitor, messages: readonly WireMessage[]): void {
    this.emit(visitor, { event_type: EventCode.AgentTyping });
    const dueAt = this.store.clock() + this.delayMs;
    for (const message of messages) this.store.schedule(visitor, dueAt, (at) => this.say(visitor, replyTo(message), at));
  }
}
