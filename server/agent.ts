import type { AdminCardData, TransferAgentData, WireEvent, WireMessage } from '../engine/protocol.ts';
import { EventCode, FLAG_ON, MsgType, OutType, SenderType, TransferStatus } from '../engine/model/codes.ts';
import type { Preset } from './presets.ts';
import type { Store } from './store.ts';
import type { Visitor } from './visitor.ts';

/** The simulated agent's name. */
export const AGENT_NICK = 'Alice';

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
      visitor.conversation = 'agent';
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

  /** Reacts to a visitor message: types, then answers after the delay (when the preset lets it). */
  react(visitor: Visitor, preset: Preset, message: WireMessage): void {
    if (visitor.conversation !== 'agent' || !preset.agentReplies) return;
    this.emit(visitor, { event_type: EventCode.AgentTyping });
    this.store.schedule(visitor, this.store.clock() + this.delayMs, (at) => this.say(visitor, replyTo(message), at));
  }

  /** Stores an agent message and queues its 1201 event. */
  say(visitor: Visitor, text: string, at?: number): void {
    const message = this.store.addMessage(visitor, { senderType: SenderType.Agent, senderName: AGENT_NICK, msgType: MsgType.Text, msgContent: text }, at);
    this.emit(visitor, { event_type: EventCode.AgentMessage, msgId: message.id, msgContentEnc: encodeText(JSON.stringify(message)) });
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
      visitor.conversation = 'agent';
      this.emit(visitor, { event_type: EventCode.SessionEstablished });
    };
  }
}
