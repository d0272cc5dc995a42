import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EventCode, MsgType, SenderType } from '#engine/model/codes';
import type { WireEvent, WireMessage } from '#engine/protocol';
import { PHONE, useBrowser } from './browser';
import { messages, openChat, say } from './helpers';

/** The channel whose settings the backend below serves (the reference server's agent channel). */
const CHANNEL = 'agent';

/**
 * A backend of SPEC §7 and nothing more, in the test: chatStart gives each tab a pollId of its own and
 * the visitor a conversation with an agent (status 2); getEventMsg hands each event out once per
 * visitor, to whichever poll comes first whatever its pollId — no eventId, no acknowledgement, no
 * echo of the visitor's messages, no push (channelInfo is the reference server's without
 * `eventStream`). Every other call answers success with its stored messages or nothing.
 */
async function specOnlyBackend(context: BrowserContext) {
  const stored: WireMessage[] = [];
  const queued: WireEvent[] = [];
  let pollIds = 0;
  const store = (fields: Omit<WireMessage, 'id' | 'msgTime'>): WireMessage => {
    const message = { ...fields, id: `srv-${stored.length + 1}`, msgTime: Date.now() };
    stored.push(message);
    return message;
  };
  await context.route('**/api/chat/visitor/*', async (route) => {
    const call = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
    const answer = (data: unknown) => route.fulfill({ json: { code: 200, data } });
    switch (call) {
      case 'channelInfo': {
        const envelope = (await (await route.fetch()).json()) as { data: Record<string, unknown> };
        delete envelope.data.eventStream;
        return route.fulfill({ json: envelope });
      }
      case 'chatStart':
        pollIds += 1;
        return answer({
          userId: typeof body.userId === 'string' && body.userId ? body.userId : 'spec-visitor',
          sessionId: 's-1',
          pollId: `p-${pollIds}`,
          status: 2,
        });
      case 'getHistoryMsg':
      case 'getSessionMsg':
        return answer([...stored]);
      case 'getEventMsg':
        return answer({ msgList: queued.splice(0), status: 2, waitIndex: 0 });
      case 'sendMsg': {
        const { userId: _userId, clientMsgId: _extension, ...fields } = body as unknown as WireMessage & { clientMsgId?: string };
        return answer({ status: 1, id: store({ ...fields, senderType: SenderType.Visitor }).id });
      }
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
  };
}

/**
 * The connections the visitor's tabs hold for agent events: each getEventMsg (its pollId, and the
 * tab that made it), how many were in flight at once at most, and every push stream opened.
 */
function watchListening(context: BrowserContext) {
  const polled: string[] = [];
  const pollers: Page[] = [];
  const inFlight = new Set<Request>();
  const seen = { polled, pollers, mostAtOnce: 0, streams: 0 };
  const isPoll = (r: Request) => r.url().endsWith('/api/chat/visitor/getEventMsg');
  context.on('request', (r) => {
    if (r.url().includes('/api/chat/visitor/events')) seen.streams += 1;
    if (!isPoll(r)) return;
    polled.push(String((r.postDataJSON() as { pollId?: unknown }).pollId));
    pollers.push(r.frame().page());
    inFlight.add(r);
    seen.mostAtOnce = Math.max(seen.mostAtOnce, inFlight.size);
  });
  const done = (r: Request) => inFlight.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return seen;
}

/** Opens the chat in `count` tabs of the browser (the suite's page first), one after another. */
async function openTabs(context: BrowserContext, first: Page, baseUrl: string, count: number): Promise<Page[]> {
  const tabs = [first];
  while (tabs.length < count) tabs.push(await context.newPage());
  for (const tab of tabs) await openChat(tab, baseUrl, CHANNEL);
  return tabs;
}

/** Each tab shows `text` once in its message list. */
async function everyTabShowsOnce(tabs: Page[], text: string): Promise<void> {
  for (const tab of tabs) {
    await messages(tab).getByText(text, { exact: true }).waitFor();
    expect(await messages(tab).getByText(text, { exact: true }).count()).toBe(1);
  }
}

describe('several tabs of one visitor against a backend of SPEC §7 alone (docs/protocol.md "Several tabs")', () => {
  const s = useBrowser(PHONE);

  it('two tabs: every agent message and what the visitor sent in either shows once in both; one tab polls, and the other takes over when it closes', async () => {
    const { context, page } = s;
    const backend = await specOnlyBackend(context);
    const listening = watchListening(context);
    const tabs = await openTabs(context, page, s.baseUrl, 2);
    const [first, second] = tabs as [Page, Page];

    backend.agentSays('Hello from the agent');
    await everyTabShowsOnce(tabs, 'Hello from the agent');
    await say(second, 'Typed in the second tab');
    await say(first, 'Typed in the first tab');
    await everyTabShowsOnce(tabs, 'Typed in the second tab');
    await everyTabShowsOnce(tabs, 'Typed in the first tab');
    backend.agentSays('And a second answer');
    await everyTabShowsOnce(tabs, 'And a second answer');

    expect(new Set(listening.polled).size).toBe(1);
    expect(listening.mostAtOnce).toBe(1);
    expect(listening.streams).toBe(0);

    // The listening tab closes: the other takes the lock over and polls on its own pollId.
    const listener = listening.pollers[0] as Page;
    const survivor = listener === first ? second : first;
    await listener.close();
    backend.agentSays('After the listening tab closed');
    await everyTabShowsOnce([survivor], 'After the listening tab closed');
    expect(new Set(listening.pollers.slice(-1))).toEqual(new Set([survivor]));
    expect(new Set(listening.polled).size).toBe(2);
    expect(listening.mostAtOnce).toBe(1);
  });

  it('eight tabs: each shows every agent message once, and the visitor holds one connection for events', async () => {
    const { context, page } = s;
    const backend = await specOnlyBackend(context);
    const listening = watchListening(context);
    const tabs = await openTabs(context, page, s.baseUrl, 8);

    const said = ['One', 'Two', 'Three'].map((n) => `${n} of the agent’s answers`);
    for (const text of said) {
      backend.agentSays(text);
      await everyTabShowsOnce(tabs, text);
    }
    await say(tabs[7] as Page, 'Typed in the eighth tab');
    await everyTabShowsOnce(tabs, 'Typed in the eighth tab');

    expect(new Set(listening.polled).size).toBe(1);
    expect(listening.mostAtOnce).toBe(1);
    expect(listening.streams).toBe(0);
  });
});
