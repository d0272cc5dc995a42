import type { ApiEnvelope, ChatStartData, EventMsgData, WireEvent, WireMessage } from '#engine/protocol';
import { API_OK } from '#engine/model/codes';
import { createApp, type AppOptions } from '../../server/app';

/** Start of the fake clock: any fixed instant works. */
export const T0 = 1_700_000_000_000;
export const AGENT_DELAY_MS = 1_500;

/** A reference app on a fake clock, with helpers to call it the way a client does. */
export function setup(options: AppOptions = {}) {
  let now = T0;
  const app = createApp({ clock: () => now, agentDelayMs: AGENT_DELAY_MS, devControls: true, ...options });

  /** POSTs a raw body to a path and reads the envelope. */
  async function post<T>(path: string, body: BodyInit, headers: HeadersInit = { 'content-type': 'application/json' }) {
    const response = await app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }));
    return { status: response.status, envelope: (await response.json()) as ApiEnvelope<T> };
  }

  /** Calls a visitor API call and returns the whole envelope. */
  async function call<T = unknown>(name: string, body: unknown): Promise<ApiEnvelope<T>> {
    return (await post<T>(`/api/chat/visitor/${name}`, JSON.stringify(body))).envelope;
  }

  /** Calls a visitor API call that must succeed and returns its data. */
  async function data<T>(name: string, body: unknown): Promise<T> {
    const envelope = await call<T>(name, body);
    if (envelope.code !== API_OK) throw new Error(`${name} failed: ${envelope.code} ${envelope.message}`);
    return envelope.data as T;
  }

  /** Calls a dev control. */
  async function dev(action: string, body: unknown): Promise<ApiEnvelope<unknown>> {
    return (await post(`/api/dev/${action}`, JSON.stringify(body))).envelope;
  }

  /** Starts a chat on a channel (as a new visitor unless userId is given). */
  function start(channelId: string, userId?: string): Promise<ChatStartData> {
    return data<ChatStartData>('chatStart', { channelId, userId, previousUrl: 'https://shop.example/cart' });
  }

  /** Polls the visitor's events. */
  function poll(session: Pick<ChatStartData, 'userId' | 'pollId'>): Promise<EventMsgData> {
    return data<EventMsgData>('getEventMsg', { userId: session.userId, pollId: session.pollId });
  }

  /** The visitor's newest history page. */
  function history(userId: string, extra: { pageSize?: number; maxTime?: number } = {}): Promise<WireMessage[]> {
    return data<WireMessage[]>('getHistoryMsg', { pageSize: 20, userId, ...extra });
  }

  return {
    app,
    post,
    call,
    data,
    dev,
    start,
    poll,
    history,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

/** The text of an event's msgContentEnc. */
export function decodeText(event: WireEvent): string {
  return Buffer.from(event.msgContentEnc ?? '', 'base64').toString('utf8');
}

/** The message a 1201 event carries. */
export function decodeMessage(event: WireEvent): WireMessage {
  return JSON.parse(decodeText(event)) as WireMessage;
}
