import type { BrowserContext } from 'playwright-core';
import { EventCode, MsgType, SenderType } from '#engine/model/codes';
import type { WireEvent, WireMessage } from '#engine/protocol';

/** What the backend below is told to hold when it starts. */
export interface SpecOnlyOptions {
  /** chatStart's status (SPEC §4): 0, talking to the robot (the default 2: with an agent). */
  status?: 0 | 2;
  /** What getHistoryMsg answers besides what is sent meanwhile (older conversations). */
  history?: WireMessage[];
  /** The running session's messages, answered by getSessionMsg only (a history that keeps none of them). */
  session?: WireMessage[];
  /** What getOfflineMsg answers, every time it is asked: the agents' replies to left messages. */
  offline?: WireMessage[];
}

/**
 * A backend of SPEC §7 and nothing more, in a browser test: chatStart gives each tab a pollId of its
 * own; getEventMsg hands each event out once per visitor, to whichever poll comes first whatever its
 * pollId — no eventId, no acknowledgement, no echo of the visitor's messages, no push (channelInfo
 * is the reference server's for the channel, without `eventStream`); robotAsk answers JSON;
 * transferAgent connects at once (status 2). Every other call answers success with nothing. It
 * keeps the calls it got, by name.
 */
export async function specOnlyBackend(context: BrowserContext, options: SpecOnlyOptions = {}) {
  const sent: WireMessage[] = [];
  const queued: WireEvent[] = [];
  const calls = new Map<string, Record<string, unknown>[]>();
  let status = options.status ?? 2;
  let pollIds = 0;
  const store = (fields: Omit<WireMessage, 'id' | 'msgTime'>): WireMessage => {
    const message = { ...fields, id: `srv-${sent.length + 1}`, msgTime: Date.now() };
    sent.push(message);
    return message;
  };
  await context.route('**/api/chat/visitor/*', async (route) => {
    const call = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
    calls.set(call, [...(calls.get(call) ?? []), body]);
    const answer = (data: unknown) => route.fulfill({ json: { code: 200, data } });
    switch (call) {
      case 'channelInfo': {
        let envelope: { data: Record<string, unknown> };
        try {
          envelope = (await (await route.fetch()).json()) as typeof envelope;
        } catch {
          // The page reloaded or closed while the reference server answered (a test's reload right
          // after an action): Playwright disposed of that answer, and the request is gone with the page.
          return route.abort().catch(() => undefined);
        }
        delete envelope.data.eventStream;
        return route.fulfill({ json: envelope });
      }
      case 'chatStart':
        pollIds += 1;
        return answer({
          userId: typeof body.userId === 'string' && body.userId ? body.userId : 'spec-visitor',
          sessionId: 's-1',
          pollId: `p-${pollIds}`,
          status,
        });
      case 'getHistoryMsg':
        return answer([...(options.history ?? []), ...sent]);
      case 'getSessionMsg':
        return answer([...(options.session ?? []), ...sent]);
      case 'getOfflineMsg':
        return answer(options.offline ?? []);
      case 'getEventMsg':
        return answer({ msgList: queued.splice(0), status, waitIndex: 0 });
      case 'sendMsg': {
        const { userId: _userId, clientMsgId: _extension, ...fields } = body as unknown as WireMessage & { clientMsgId?: string };
        return answer({ status: 1, id: store({ ...fields, senderType: SenderType.Visitor }).id });
      }
      case 'robotAsk':
        return answer({ msgContent: `The robot’s answer to “${String(body.question)}”`, msgType: MsgType.Text });
      case 'transferAgent':
        status = 2;
        return answer({ status: 2, adminNick: 'Alice' });
      default:
        return answer(null);
    }
  });
  return {
    /** The agent writes: stored, and one 1201 event queued for the visitor. */
    agentSays(text: string) {
      const message = store({ senderType: SenderType.Agent, senderName: 'Alice', msgType: MsgType.Text, msgContent: text });
      queued.push({ event_type: EventCode.AgentMessage, msgId: message.id, msgContentEnc: Buffer.from(JSON.stringify(message)).toString('base64') });
    },
    /** The bodies of every call of this name so far. */
    bodies: (call: string): Record<string, unknown>[] => calls.get(call) ?? [],
  };
}
