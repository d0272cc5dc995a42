import { catchError, defaultIfEmpty, filter, firstValueFrom, map, of, tap, timeout } from 'rxjs';
import { POLL_INTERVAL_MS, PUSH_SILENCE_MS } from '../constants';
import { errorText } from '../core/effect';
import { decodeAgentMessage } from '../model/agentMessage';
import { ChatStatus, EventCode, MsgType, SYS_MSG_FIXED, SenderType } from '../model/codes';
import { DecodeError, base64Utf8, optNumber, optString } from '../model/decode';
import { inConversation, queuePlace, withAgent } from '../features/conversation/predicates';
import { sendsTyping } from '../features/signals/predicates';
import type { WireEvent } from '../protocol';
import { TimeoutError } from '../transport/errors';
import type { EventBatch } from '../transport/visitorApi';
import type { CheckId } from './catalogue';
import { count, defineCheck, fail, failed, firstOf, needsSession, onlyLogged, pass, skip, statusNow, warn, type Check, type Run } from './context';
import { diagnose, envelope, type Outcome } from './wire';

const EXPECTED = {
  poll: envelope('{"msgList":[{"event_type":1201,"msgId":"…","msgContentEnc":"…"}],"waitIndex":2}'),
  ok: '{"code":200}',
};

const KNOWN_EVENTS: readonly number[] = Object.values(EventCode);

/**
 * What the widget makes of one event (SPEC §3 Event message, §4 Events), through the engine's own
 * decoders: `drop` when the widget drops it (logged), `note` when it ignores or guesses something.
 */
function inspectEvent(event: WireEvent, at: string, now: number): { drop?: string; notes: string[] } {
  const notes: string[] = [];
  try {
    const code = optNumber(event.event_type, `${at}.event_type`);
    if (code === EventCode.AgentMessage) {
      decodeAgentMessage(event, { now, newId: () => 'check-backend', warn: (line) => notes.push(`${at}: ${line}`) });
      // SPEC §4: an agent message is applied once by its msgId; without one, two equal texts are two.
      if (!optString(event.msgId, `${at}.msgId`)) notes.push(`${at}: a 1201 without msgId cannot be told from a repeat`);
      return { notes };
    }
    if (event.msgContentEnc !== undefined && event.msgContentEnc !== null) base64Utf8(event.msgContentEnc, `${at}.msgContentEnc`);
    if (code === EventCode.SessionEnded) optNumber(event.outType, `${at}.outType`);
    if (code === undefined || !KNOWN_EVENTS.includes(code)) notes.push(`${at}: unknown event_type ${String(event.event_type)} is ignored`);
    return { notes };
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    return { drop: e.message, notes };
  }
}

/** An event's eventId as the widget compares it (extension: a string or a number). */
function eventIdOf(event: WireEvent): string | undefined {
  const id: unknown = event.eventId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The events of the answers that came. */
const eventsOf = (polls: readonly Outcome<EventBatch>[]): WireEvent[] => polls.flatMap((p) => (p.ok ? p.data.events : []));

const poll = defineCheck('poll', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const session = run.state.session;
  if (!session || !withAgent(run.state)) return skip(`${statusNow(run)}: the widget polls only in status 2 and 3 (with an agent or queued)`);
  const ask = (lastEventId: string) =>
    run.call('getEventMsg', (api) => api.getEventMsg({ userId: session.userId, pollId: session.pollId, lastEventId }), { timed: false });
  // Three polls: what is waiting; again acknowledging nothing (''); then acknowledging what came.
  // The answer times are the poll-timing check's, the re-delivery the event-ack check's.
  const lastEventId = () =>
    eventsOf(run.polls)
      .map(eventIdOf)
      .filter((id) => id !== undefined)
      .at(-1) ?? '';
  for (const acknowledge of [false, false, true]) {
    const out = await ask(acknowledge ? lastEventId() : '');
    run.polls.push(out);
    if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.poll));
  }
  const events = eventsOf(run.polls);
  const drops: string[] = [];
  const notes: string[] = [];
  events.forEach((event) => {
    const { drop, notes: more } = inspectEvent(event, `event ${String(event.event_type)}`, run.now());
    // A re-delivered event would be counted twice.
    if (drop && !drops.includes(drop)) drops.push(drop);
    notes.push(...more.filter((note) => !notes.includes(note)));
  });
  if (drops.length > 0) {
    return fail(
      `the widget drops events: ${firstOf(drops)}`,
      'send event_type as a number, msgContentEnc as base64 of UTF-8 (for 1201 the text, or the JSON of a message), outType as a number (§3 Event message)',
    );
  }
  if (run.state.status === ChatStatus.Queued && run.polls.every((p) => p.ok && queuePlace(p.data.waitIndex) === null)) {
    notes.push('no waitIndex of 1 or more in status 3: the queue position is never updated');
  }
  const codes = [...new Set(events.map((e) => String(e.event_type)))].join(', ');
  const summary = `${count(run.polls.length, 'answer')} with ${count(events.length, 'event')}${codes ? ` (${codes})` : ''}`;
  if (notes.length > 0) return warn(`${summary}; but ${firstOf(notes)}`, 'give each 1201 a msgId, use the event codes of §4, and send waitIndex while queued');
  return pass(summary);
});

const pollTiming = defineCheck('poll-timing', async (run) => {
  if (run.polls.length === 0) return skip('no poll was made (see the first getEventMsg row)');
  const times = run.polls.map((p) => p.ex?.ms ?? 0);
  const list = times.map((ms) => `${ms.toLocaleString('en-US')} ms`).join(', ');
  const { callTimeoutMs, pollAnswerMs } = run.limits;
  const fix = `answer getEventMsg at once, with an empty msgList when nothing happened: the widget polls again ${POLL_INTERVAL_MS.toLocaleString('en-US')} ms after each answer (§7)`;
  const aborted = run.polls.some((p) => !p.ok && (p.error instanceof TimeoutError || p.ex?.abortedAfterMs !== undefined));
  if (aborted || Math.max(...times) > callTimeoutMs) {
    return fail(`answers took ${list}: the widget aborts a poll after ${callTimeoutMs.toLocaleString('en-US')} ms and loses the events in its answer`, fix);
  }
  if (Math.max(...times) > pollAnswerMs) {
    return warn(
      `answers took ${list}: held longer than the ${pollAnswerMs.toLocaleString('en-US')} ms polling period, so events and queue places arrive late`,
      fix,
    );
  }
  return pass(`answered in ${list}; the widget polls again ${POLL_INTERVAL_MS.toLocaleString('en-US')} ms after each answer`);
});

const eventAck = defineCheck('event-ack', async (run) => {
  const [first, second, third] = run.polls;
  if (!first?.ok) return skip('no poll answered (see the first getEventMsg row)');
  if (first.data.events.length === 0) return skip('the first poll had no event to acknowledge');
  const fix = 'give each event an eventId and hand it out again until a later poll of the pollId names it (or a later one) in lastEventId (optional extension)';
  const ids = first.data.events.map(eventIdOf);
  if (ids.some((id) => id === undefined)) return warn('events carry no eventId: a poll answer lost on the way loses its events for good', fix);
  if (!second?.ok || !third?.ok) return skip('a later poll failed (see the first getEventMsg row)');
  const again = new Set(second.data.events.map(eventIdOf));
  if (!ids.every((id) => again.has(id)))
    return warn('a poll with lastEventId "" did not hand the unacknowledged events out again: a lost answer loses them', fix);
  const after = new Set(third.data.events.map(eventIdOf));
  if (ids.some((id) => after.has(id))) return warn('a poll naming the last eventId got those events once more: lastEventId acknowledged nothing', fix);
  return pass(`${count(ids.length, 'event')} came again while unacknowledged (lastEventId ""), and not after`);
});

/** How a push stream's first moments went. */
type FirstFrame = { kind: 'batch'; batch: EventBatch } | { kind: 'alive' } | { kind: 'silent' } | { kind: 'ended' } | { kind: 'error'; error: unknown };

const push = defineCheck('push', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const url = run.state.channel?.eventStream ?? null;
  if (url === null) return skip('the channel offers no push (channelInfo eventStream, an optional extension): the widget polls');
  const session = run.state.session;
  if (!session || !withAgent(run.state)) return skip(`${statusNow(run)}: the widget listens only in status 2 and 3 (with an agent or queued)`);
  const fix = `answer GET ${url || '/api/chat/visitor/events'}?userId=…&pollId=…&lastEventId=… with text/event-stream: at once a batch (getEventMsg's data), then a comment at least every 15 s`;
  const limit = run.limits.pushFirstFrameMs;
  const started = run.now();
  let opened = false;
  const first: FirstFrame = await firstValueFrom(
    run.stream({ userId: session.userId, pollId: session.pollId, lastEventId: '', url }).pipe(
      tap((frame) => (opened ||= frame.kind === 'open')),
      filter((frame) => frame.kind !== 'open'),
      map((frame): FirstFrame => (frame.kind === 'batch' ? frame : { kind: 'alive' })),
      timeout({ first: limit, with: () => of<FirstFrame>({ kind: 'silent' }) }),
      defaultIfEmpty<FirstFrame, FirstFrame>({ kind: 'ended' }),
      catchError((error: unknown) => of<FirstFrame>({ kind: 'error', error })),
    ),
  );
  const ms = `${(run.now() - started).toLocaleString('en-US')} ms`;
  switch (first.kind) {
    case 'error':
      return warn(`the stream did not open (${errorText(first.error)}): every visitor's widget polls instead, and tries it again and again`, fix);
    case 'ended':
      return warn('the stream ended before it sent anything: the widget polls, and tries it again 5 s later', fix);
    case 'silent':
      return warn(
        `${opened ? 'opened, but sent nothing' : 'no answer'} for ${limit.toLocaleString('en-US')} ms: the widget takes a stream silent for ${PUSH_SILENCE_MS.toLocaleString('en-US')} ms for dead, and polls`,
        fix,
      );
    case 'alive':
      return pass(`opened; a heartbeat came first, in ${ms} (a batch at once would bring the status sooner)`);
    case 'batch': {
      const drops = first.batch.events.flatMap((event) => inspectEvent(event, `event ${String(event.event_type)}`, run.now()).drop ?? []);
      if (drops.length > 0)
        return fail(`the widget drops pushed events: ${firstOf(drops)}`, 'push the events in the shape getEventMsg answers them (§3 Event message)');
      return pass(`opened; the first batch (${count(first.batch.events.length, 'event')}, status ${String(first.batch.status ?? 'none')}) came in ${ms}`);
    }
  }
});

/**
 * A check of a call whose answer the widget reads only for its code, made in status 2 (SPEC §7
 * "none read"): its failure is only logged, so it warns, saying what goes `missing`.
 */
function statusTwoCall(
  id: CheckId,
  missing: string,
  allowed: (run: Run) => boolean,
  request: (run: Run, userId: string, pollId: string) => Promise<Outcome<void>>,
): Check {
  return defineCheck(id, async (run) => {
    const noSession = needsSession(run);
    if (noSession) return noSession;
    const session = run.state.session;
    if (!session || !allowed(run)) return skip(`${statusNow(run)}: the widget makes this call only in status 2 (with an agent)`);
    const out = await request(run, session.userId, session.pollId);
    if (!out.ok) return onlyLogged(diagnose(out.error, out.ex, EXPECTED.ok), missing, EXPECTED.ok);
    return pass('answered code 200 (the widget reads only the code)');
  });
}

const msgComplete = statusTwoCall(
  'msg-complete',
  'the agent sees no read receipts',
  (run) => inConversation(run.state),
  (run, userId, pollId) => run.call('msgComplete', (api) => api.msgComplete({ userId, pollId })),
);

const typing = statusTwoCall(
  'typing',
  'the agent does not see the visitor typing',
  (run) => sendsTyping(run.state),
  (run, userId) => run.call('typing', (api) => api.typing({ userId, msgContent: 'How long does' })),
);

const sysMsg = statusTwoCall(
  'sys-msg',
  'the system messages it shows (timeouts, the agent welcome) are not stored: gone after a reload',
  (run) => inConversation(run.state),
  (run, userId) =>
    run.call('sysMsg', (api) =>
      // The shape of the widget's timeout messages (§4 Timeouts).
      api.sysMsg({
        msgContent: `check-backend ${run.token}: a system message`,
        msgType: MsgType.SystemText,
        senderType: SenderType.System,
        ...SYS_MSG_FIXED,
        userId,
      }),
    ),
);

/** The checks of polling and the signals of status 2, in the order the widget makes their calls. */
export const POLL_CHECKS: Record<'poll' | 'pollTiming' | 'eventAck' | 'push' | 'msgComplete' | 'typing' | 'sysMsg', Check> = {
  poll,
  pollTiming,
  eventAck,
  push,
  msgComplete,
  typing,
  sysMsg,
};
