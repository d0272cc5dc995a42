import { describe, expect, it } from 'vitest';
import { checkBackend } from '#engine/checker/checkBackend';
import type { CheckStatus } from '#engine/checker/context';
import { answers, base64, dataOf, fakeClock, faulty, htmlPage, noCors, requests, slow, type Fault, type FakeClock, type Json } from './backends';

/** One way of breaking the reference backend, and what the checker must say about it. */
interface Case {
  name: string;
  channel: string;
  fault: (clock: FakeClock) => Fault;
  /** The check that must flag it. */
  id: string;
  status: Extract<CheckStatus, 'fail' | 'warn'>;
  /** What the fix must say. */
  fix: RegExp;
}

/** Every entry of a list in an envelope's data, changed. */
const eachOf = (envelope: Json, change: (item: Json) => Json): Json => ({ ...envelope, data: (envelope.data as Json[]).map(change) });

/** An object without some fields. */
const without = (o: Json, ...fields: string[]): Json => Object.fromEntries(Object.entries(o).filter(([k]) => !fields.includes(k)));

/** The events of a getEventMsg answer, changed (a refusal stays as it is). */
const events = (envelope: Json, change: (event: Json) => Json): Json => {
  if (envelope.code !== 200) return envelope;
  const data = dataOf(envelope);
  return { ...envelope, data: { ...data, msgList: (data.msgList as Json[]).map(change) } };
};

const CASES: Case[] = [
  {
    name: 'a success envelope without "code" fails channel-info, asking for code 200',
    channel: 'demo',
    id: 'channel-info',
    status: 'fail',
    fix: /put "code": 200 in every successful answer/,
    fault: () => answers('channelInfo', (e) => (e.code === 200 ? without(e, 'code') : e)),
  },
  {
    name: 'channel info without tenantId fails channel-info, naming tenantId',
    channel: 'demo',
    id: 'channel-info',
    status: 'fail',
    fix: /"tenantId":"…"/,
    fault: () => answers('channelInfo', (e) => (e.code === 200 ? { ...e, data: without(dataOf(e), 'tenantId') } : e)),
  },
  {
    name: 'a flag that is on with its text empty warns on channel-info: the widget shows nothing',
    channel: 'agent',
    id: 'channel-info',
    status: 'warn',
    fix: /send the text or the config that goes with each flag that is on/,
    fault: () => answers('channelInfo', (e) => (e.code === 200 ? { ...e, data: { ...dataOf(e), adminCloseMsg: '' } } : e)),
  },
  {
    name: 'an unknown channel answered with a 404 HTML page fails unknown-channel: the widget would call the backend unreachable',
    channel: 'demo',
    id: 'unknown-channel',
    status: 'fail',
    fix: /\{"code":404,"message":"channel not found"\}/,
    fault: () => answers('channelInfo', (e, body) => (body.id === 'demo' ? e : htmlPage(404))),
  },
  {
    name: 'an unknown channel answered as a success with junk data fails unknown-channel',
    channel: 'demo',
    id: 'unknown-channel',
    status: 'fail',
    fix: /refuse it with an envelope/,
    fault: () => answers('channelInfo', (e, body) => (body.id === 'demo' ? e : { code: 200, data: { foo: 1 } })),
  },
  {
    name: 'a session without sessionId fails chat-start',
    channel: 'agent',
    id: 'chat-start',
    status: 'fail',
    fix: /"sessionId":"…"/,
    fault: () => answers('chatStart', (e) => (e.code === 200 ? { ...e, data: without(dataOf(e), 'sessionId') } : e)),
  },
  {
    name: 'a user form refused fails user-form',
    channel: 'form',
    id: 'user-form',
    status: 'fail',
    fix: /^answer \{"code":200\} when the call succeeds$/,
    fault: () => answers('submitUserForm', () => ({ code: 500, message: 'submission failed' })),
  },
  {
    name: 'a transfer answering an undocumented status fails transfer, listing the known ones',
    channel: 'agent',
    id: 'transfer',
    status: 'fail',
    fix: /0 Close, 1 Offline, 2 Success, 3 Queued, 4 Failure, 5 OutsideHours, 6 Nothing/,
    fault: () => answers('transferAgent', (e) => ({ ...e, data: { status: 9 } })),
  },
  {
    name: 'a queued transfer without waitIndex warns on transfer',
    channel: 'queue',
    id: 'transfer',
    status: 'warn',
    fix: /^send the queue position: \{"code":200,"data":\{"status":3,"waitIndex":2\}\}$/,
    fault: () => answers('transferAgent', (e) => ({ ...e, data: without(dataOf(e), 'waitIndex') })),
  },
  {
    name: 'a sendMsg answer without the message id warns on send-msg',
    channel: 'agent',
    id: 'send-msg',
    status: 'warn',
    fix: /^give the stored message's id: \{"code":200,"data":\{"status":1,"id":"…"\}\}$/,
    fault: () => answers('sendMsg', (e) => ({ ...e, data: without(dataOf(e), 'id') })),
  },
  {
    name: 'a sendMsg refusing with data.status 0 fails send-msg',
    channel: 'agent',
    id: 'send-msg',
    status: 'fail',
    fix: /answer \{"code":200,"data":\{"status":1,"id":"…"\}\} once the message is stored/,
    fault: () => answers('sendMsg', (e) => ({ ...e, data: { status: 0 } })),
  },
  {
    name: 'a sendMsg answered after 6 s warns on send-msg: the widget has sent it again by then',
    channel: 'agent',
    id: 'send-msg',
    status: 'warn',
    fix: /answer within 5 s \(§4 Delivery indicator\)$/,
    fault: (clock) => slow('sendMsg', 6_000, clock),
  },
  {
    name: 'a backend that ignores clientMsgId (stores the repeat again) warns on client-msg-id',
    channel: 'agent',
    id: 'client-msg-id',
    status: 'warn',
    fix: /key visitor messages by \(userId, clientMsgId\)/,
    fault: () => requests('sendMsg', (body) => without(body, 'clientMsgId')),
  },
  {
    name: 'a robot answer without msgContent fails robot-ask',
    channel: 'demo',
    id: 'robot-ask',
    status: 'fail',
    fix: /"msgContent":"…"/,
    fault: () => answers('robotAsk', (e) => ({ ...e, data: without(dataOf(e), 'msgContent') })),
  },
  {
    name: 'history messages without senderType fail history: the widget drops them',
    channel: 'demo',
    id: 'history',
    status: 'fail',
    fix: /senderType of 1–4/,
    fault: () => answers('getHistoryMsg', (e) => (e.code === 200 ? eachOf(e, (m) => without(m, 'senderType')) : e)),
  },
  {
    name: 'an older history page that ignores maxTime fails history-paging',
    channel: 'demo',
    id: 'history-paging',
    status: 'fail',
    fix: /strictly below maxTime/,
    fault: () => requests('getHistoryMsg', (body) => without(body, 'maxTime')),
  },
  {
    name: 'an agent message event whose msgContentEnc is not base64 fails poll',
    channel: 'agent',
    id: 'poll',
    status: 'fail',
    fix: /msgContentEnc as base64 of UTF-8/,
    fault: () => answers('getEventMsg', (e) => events(e, (ev) => (ev.event_type === 1201 ? { ...ev, msgContentEnc: '%%% not base64 %%%' } : ev))),
  },
  {
    name: 'polls held for 3 s warn on poll-timing: events arrive late',
    channel: 'agent',
    id: 'poll-timing',
    status: 'warn',
    fix: /answer getEventMsg at once/,
    fault: (clock) => slow('getEventMsg', 3_000, clock),
  },
  {
    name: 'polls held past the 20 s call time-out fail poll-timing: the widget aborts them',
    channel: 'agent',
    id: 'poll-timing',
    status: 'fail',
    fix: /with an empty msgList when nothing happened/,
    fault: (clock) => slow('getEventMsg', 25_000, clock),
  },
  {
    name: 'events without eventId warn on event-ack',
    channel: 'agent',
    id: 'event-ack',
    status: 'warn',
    fix: /give each event an eventId/,
    fault: () => answers('getEventMsg', (e) => events(e, (ev) => without(ev, 'eventId'))),
  },
  {
    name: 'a typing call answered by an HTML 404 page warns on typing: the widget only logs it',
    channel: 'agent',
    id: 'typing',
    status: 'warn',
    fix: /^answer \{"code":200\} when the call succeeds$/,
    fault: () => answers('typing', () => htmlPage(404)),
  },
  {
    name: 'a read receipt refused warns on msg-complete: the widget only logs it',
    channel: 'agent',
    id: 'msg-complete',
    status: 'warn',
    fix: /^answer \{"code":200\} when the call succeeds$/,
    fault: () => answers('msgComplete', () => ({ code: 501, message: 'not implemented' })),
  },
  {
    name: 'a system message refused warns on sys-msg: the widget only logs it',
    channel: 'agent',
    id: 'sys-msg',
    status: 'warn',
    fix: /^answer \{"code":200\} when the call succeeds$/,
    fault: () => answers('sysMsg', () => ({ code: 501, message: 'not implemented' })),
  },
  {
    name: 'an agent card not implemented warns on admin-card: the widget only logs it (no welcome)',
    channel: 'agent',
    id: 'admin-card',
    status: 'warn',
    fix: /^answer \{"code":200,"data":\{"adminWelcomeMode":1/,
    fault: () => answers('getAdminCard', () => ({ code: 501, message: 'not implemented' })),
  },
  {
    name: 'star labels that are not a list fail evaluate-info',
    channel: 'agent',
    id: 'evaluate-info',
    status: 'fail',
    fix: /"starList":\["Very poor"/,
    fault: () => answers('getEvaluateInfo', (e) => ({ ...e, data: { starList: 'Very poor, Poor' } })),
  },
  {
    name: 'an upload answer without url fails upload',
    channel: 'agent',
    id: 'upload',
    status: 'fail',
    fix: /"url":"https:\/\/…\/file.txt"/,
    fault: () => answers('upload', (e) => ({ ...e, data: without(dataOf(e), 'url') })),
  },
  {
    name: 'an upload url that is a path warns on upload: a client that resolves it against its own page gets another file',
    channel: 'agent',
    id: 'upload',
    status: 'warn',
    fix: /^answer the absolute http\(s\) URL the file is served at/,
    fault: () => answers('upload', (e) => ({ ...e, data: { ...dataOf(e), url: new URL(dataOf(e).url as string).pathname } })),
  },
  {
    name: 'a refusal sent as an HTML 500 page fails bad-request',
    channel: 'agent',
    id: 'bad-request',
    status: 'fail',
    fix: /answer every refusal as an envelope/,
    fault: () => answers('chatStart', (e, body) => (body.channelId === '' ? htmlPage(500) : e)),
  },
  {
    name: 'an unknown userId answered with an empty history warns on unknown-visitor: no session recovery',
    channel: 'agent',
    id: 'unknown-visitor',
    status: 'warn',
    fix: /answer code 404/,
    fault: () => answers('getHistoryMsg', (e) => (e.code === 404 ? { code: 200, data: [] } : e)),
  },
  {
    name: 'a chatClose not implemented warns on chat-close: the widget only logs it',
    channel: 'agent',
    id: 'chat-close',
    status: 'warn',
    fix: /^answer \{"code":200\} when the call succeeds$/,
    fault: () => answers('chatClose', () => ({ code: 501, message: 'unknown call' })),
  },
  {
    name: 'a channel that offers push whose stream is refused warns on push: every widget tries it, then polls',
    channel: 'agent',
    id: 'push',
    status: 'warn',
    fix: /text\/event-stream: at once a batch/,
    fault: () => async (request, forward) =>
      new URL(request.url).pathname.endsWith('/events') ? Response.json({ code: 404, message: 'no route for GET /api/chat/visitor/events' }) : forward(request),
  },
  {
    name: 'no CORS headers warn on cors, explaining it matters for an API on another origin',
    channel: 'agent',
    id: 'cors',
    status: 'warn',
    fix: /another origin \(apiBase\).*Access-Control-Allow-Origin/,
    fault: () => noCors,
  },
  {
    name: 'a card whose image is a javascript: URL warns on cards: the widget drops the image',
    channel: 'showcase',
    id: 'cards',
    status: 'warn',
    fix: /msgType "card" with msgContent \{code, data, fallback\?\}/,
    fault: () =>
      answers('getHistoryMsg', (e) =>
        e.code === 200
          ? eachOf(e, (m) =>
              m.msgType === 'card' ? { ...m, msgContent: JSON.stringify({ code: 'goods', data: { name: 'Boots', img: 'javascript:alert(1)' } }) } : m,
            )
          : e,
      ),
  },
  {
    name: 'a card without a code warns on cards: the widget shows its fallback (NO_CODE)',
    channel: 'showcase',
    id: 'cards',
    status: 'warn',
    fix: /"code":"goods"/,
    fault: () => answers('getHistoryMsg', (e) => (e.code === 200 ? eachOf(e, (m) => (m.msgType === 'card' ? { ...m, msgContent: 'a product' } : m)) : e)),
  },
  {
    name: 'a card message without a senderType fails cards: the widget drops it',
    channel: 'showcase',
    id: 'cards',
    status: 'fail',
    fix: /msgType "card"/,
    fault: () => answers('getHistoryMsg', (e) => (e.code === 200 ? eachOf(e, (m) => (m.msgType === 'card' ? without(m, 'senderType') : m)) : e)),
  },
];

describe('check-backend against a deliberately broken backend', () => {
  it.each(CASES)('$name', async ({ channel, fault, id, status, fix }) => {
    const clock = fakeClock();
    const results = await checkBackend({ url: 'http://localhost', channel, fetch: faulty(fault(clock)), now: clock.now });
    expect(results.find((r) => r.id === id)).toMatchObject({ status, fix: expect.stringMatching(fix) });
    // The fault shows in its own check only: the others pass, or are skipped when they depend on it.
    const others = results.filter((r) => r.id !== id && r.status !== 'pass' && r.status !== 'skip');
    expect(others.map((r) => `${r.id}: ${r.status} ${r.detail}`)).toEqual([]);
  });
});

describe('check-backend on a push stream that a proxy buffers', () => {
  it('warns on push when the stream opens but says nothing in time', async () => {
    const silent: Fault = async (request, forward) =>
      new URL(request.url).pathname.endsWith('/events')
        ? new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } })
        : forward(request);
    const results = await checkBackend({
      url: 'http://localhost',
      channel: 'agent',
      fetch: faulty(silent),
      now: fakeClock().now,
      limits: { pushFirstFrameMs: 50 },
    });
    expect(results.find((r) => r.id === 'push')).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^opened, but sent nothing for 50 ms/) });
  });
});

describe('check-backend accepts both readings the protocol allows', () => {
  const readings: { name: string; channel: string; fault: Fault }[] = [
    {
      name: 'cards in the history with msgContent the card itself rather than its JSON text',
      channel: 'showcase',
      fault: answers('getHistoryMsg', (e) =>
        e.code === 200
          ? eachOf(e, (m) => (m.msgType === 'card' && typeof m.msgContent === 'string' ? { ...m, msgContent: JSON.parse(m.msgContent) as Json } : m))
          : e,
      ),
    },
    {
      name: 'channel info with flags as "1" and true, numbers as strings, and the FAQ as a list rather than JSON text',
      channel: 'demo',
      fault: answers('channelInfo', (e) => {
        if (e.code !== 200) return e;
        const data = dataOf(e);
        return {
          ...e,
          data: {
            ...data,
            receiveMode: '0',
            robotWelcomeMode: true,
            faqMode: '1',
            evaluateMode: '1',
            faqConfig: JSON.parse(data.faqConfig as string) as unknown,
          },
        };
      }),
    },
    {
      name: "push offered by the stream's path rather than a flag",
      channel: 'agent',
      fault: answers('channelInfo', (e) => (e.code === 200 ? { ...e, data: { ...dataOf(e), eventStream: '/api/chat/visitor/events' } } : e)),
    },
    {
      name: 'envelope codes and statuses as numeric strings',
      channel: 'agent',
      fault: async (request, forward) => {
        const response = await forward(request);
        if (!response.headers.get('content-type')?.includes('json')) return response;
        const envelope = (await response.json()) as Json;
        const data = envelope.data as Json | undefined;
        const status = data && typeof data === 'object' && 'status' in data ? { data: { ...data, status: String(data.status) } } : {};
        return Response.json({ ...envelope, code: String(envelope.code), ...status }, { status: response.status, headers: response.headers });
      },
    },
    {
      name: 'agent message events in the text reading: msgContentEnc the text, the other fields on the event',
      channel: 'agent',
      fault: answers('getEventMsg', (e) =>
        events(e, (ev) => {
          if (ev.event_type !== 1201) return ev;
          const message = JSON.parse(Buffer.from(ev.msgContentEnc as string, 'base64').toString('utf8')) as Json;
          return {
            ...ev,
            msgContentEnc: base64(message.msgContent as string),
            senderType: message.senderType,
            msgType: message.msgType,
            msgTime: message.msgTime,
          };
        }),
      ),
    },
  ];

  it.each(readings)('$name: nothing fails or warns', async ({ channel, fault }) => {
    const clock = fakeClock();
    const results = await checkBackend({ url: 'http://localhost', channel, fetch: faulty(fault), now: clock.now });
    expect(results.filter((r) => r.status === 'fail' || r.status === 'warn').map((r) => `${r.id}: ${r.detail}`)).toEqual([]);
  });
});

describe('check-backend on a backend that cannot be reached', () => {
  it('fails the first check with what to fix and skips the rest, inventing no other failure', async () => {
    const refused = (async () => {
      throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
    }) as typeof fetch;
    const results = await checkBackend({ url: 'http://127.0.0.1:9', channel: 'demo', fetch: refused, now: fakeClock().now });
    expect(results[0]).toMatchObject({ id: 'channel-info', status: 'fail', fix: expect.stringContaining('http://127.0.0.1:9/api/chat/visitor/channelInfo') });
    expect(results.filter((r) => r.id !== 'channel-info').map((r) => r.status)).toEqual(results.slice(1).map(() => 'skip'));
    expect(results.find((r) => r.id === 'cors')?.detail).toBe('no chat backend answered channelInfo (see the channelInfo row above)');
  });
});
