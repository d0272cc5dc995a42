import { map, toArray } from 'rxjs';
import { DELIVERY_RETRY_MS, HISTORY_PAGE_SIZE } from '../constants';
import { MsgType, SEND_OK, SenderType } from '../model/codes';
import { DecodeError } from '../model/decode';
import { decodeCardContent } from '../model/card';
import { decodeMessage } from '../model/decodeMessage';
import { type ChatMessage, createMessage, toWire } from '../model/message';
import { heldForAgent } from '../features/conversation/predicates';
import { count, defineCheck, fail, failed, firstOf, needsRobotQuestion, needsSession, pass, skip, warn, type Check, type Run } from './context';
import { diagnose, envelope, rawData, snippet } from './wire';
import type { RobotAskData } from '../protocol';
import type { RobotFrame } from '../transport/visitorApi';

const EXPECTED = {
  sendMsg: envelope('{"status":1,"id":"…"}'),
  robotAsk: envelope('{"msgContent":"…","msgType":"answermsg","suggestions":["…"]}'),
  history: envelope('[{"id":"…","senderType":1,"msgType":1,"msgContent":"…","msgTime":1700000000000}]'),
};

/** Whether a raw history item is a card message (msgType "card"), which the cards check judges. */
const isCardItem = (item: unknown): boolean => typeof item === 'object' && item !== null && (item as { msgType?: unknown }).msgType === MsgType.Card;

/**
 * A history page as the widget decodes it (SPEC §3 Message): what it shows, drops and normalises.
 * What a card message drops or normalises is left to the cards check (its own row).
 */
function decodePage(raw: readonly unknown[], now: number): { messages: ChatMessage[]; dropped: string[]; notes: string[] } {
  const messages: ChatMessage[] = [];
  const dropped: string[] = [];
  const notes: string[] = [];
  let generated = 0;
  raw.forEach((item, i) => {
    const card = isCardItem(item);
    try {
      const newId = () => `check-backend-generated-${++generated}`;
      messages.push(decodeMessage(item, { now, newId, warn: (line) => (card ? undefined : notes.push(line)) }, `history[${i}]`));
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      if (!card) dropped.push(e.message);
    }
  });
  return { messages, dropped, notes };
}

/** The message the checker sent, as the widget finds it in a page: by its clientMsgId, else its text. */
function findSent(run: Run, messages: readonly ChatMessage[]): ChatMessage | undefined {
  const body = run.sent?.body;
  return body && messages.find((m) => m.id === body.clientMsgId || m.msgContent === body.msgContent);
}

const sendMsg = defineCheck('send-msg', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  if (heldForAgent(run.state)) {
    return skip(`msgToTransferFlag is on and no agent is connected (chat status ${run.state.status}): the widget holds visitor messages until one is`);
  }
  const userId = run.state.session?.userId ?? '';
  // The widget's own wire form of a text message (toWire), with its local id as clientMsgId.
  const message = createMessage({
    id: `check-backend-${run.token}`,
    senderType: SenderType.Visitor,
    msgType: MsgType.Text,
    msgContent: `How long does shipping take? (check-backend ${run.token})`,
    createdAt: run.now(),
  });
  const body = { ...toWire(message, userId), clientMsgId: message.id };
  const out = await run.call('sendMsg', (api) => api.sendMsg(body));
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.sendMsg));
  const raw = rawData(out.ex);
  if (out.data.status !== SEND_OK) {
    const got = raw.status === undefined ? 'no data.status' : `data.status ${JSON.stringify(raw.status)}`;
    return fail(
      `${got}: the widget shows the message as not delivered`,
      `answer ${EXPECTED.sendMsg} once the message is stored; any other status means refused (§7)`,
    );
  }
  run.sent = { body, answer: out.data };
  const notes: string[] = [];
  const fixes: string[] = [];
  if (out.data.id === undefined) {
    notes.push("no data.id: the widget works without it, but it is how a client learns the stored message's id");
    fixes.push(`give the stored message's id: ${EXPECTED.sendMsg}`);
  }
  if (out.ex && out.ex.ms > DELIVERY_RETRY_MS) {
    notes.push(
      `it took ${out.ex.ms.toLocaleString('en-US')} ms: the widget sends the message again every ${DELIVERY_RETRY_MS.toLocaleString('en-US')} ms until an answer comes`,
    );
    fixes.push(`answer within ${DELIVERY_RETRY_MS / 1000} s (§4 Delivery indicator)`);
  }
  const summary = `delivered: data.status 1${out.data.id === undefined ? '' : `, id "${out.data.id}"`}`;
  if (notes.length > 0) return warn(`${summary}; but ${notes.join('; ')}`, fixes.join('; '));
  return pass(summary);
});

const clientMsgId = defineCheck('client-msg-id', async (run) => {
  const sent = run.sent;
  if (!sent) return skip('sendMsg delivered no message to repeat');
  const fix =
    'key visitor messages by (userId, clientMsgId): answer a repeat with the first answer, store nothing, and keep clientMsgId on the stored message in the history (optional extension)';
  const again = await run.call('sendMsg', (api) => api.sendMsg(sent.body));
  if (!again.ok) return warn(`the repeat failed: ${diagnose(again.error, again.ex, EXPECTED.sendMsg).detail}; the widget then tries again`, fix);
  const page = await run.call('getHistoryMsg', (api) => api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, userId: sent.body.userId }));
  if (!page.ok) return skip('getHistoryMsg failed, so the copies cannot be counted (see the getHistoryMsg rows)');
  const { messages } = decodePage(page.data, run.now());
  const copies = messages.filter((m) => m.id === sent.body.clientMsgId || m.msgContent === sent.body.msgContent);
  if (copies.length > 1) {
    return warn(
      `the repeat was stored again (${count(copies.length, 'copy', 'copies')} in the history): without the extension a slow or lost answer stores a message 2–3 times, and the agent sees each`,
      fix,
    );
  }
  if (copies.length === 0) return skip('the sent message is not in the newest history page (see the getHistoryMsg rows)');
  const notes: string[] = [];
  const first = sent.answer;
  if (again.data.status !== first.status || again.data.id !== first.id) {
    notes.push(`the repeat answered ${snippet(JSON.stringify(rawData(again.ex)), 60)}, not the first answer`);
  }
  // The widget knows a history message under its clientMsgId (decodeMessage's id).
  if (copies[0]?.id !== sent.body.clientMsgId) notes.push('the history message has no clientMsgId: after a reload the widget sends it again from its outbox');
  if (notes.length > 0) return warn(`stored once, but ${notes.join('; ')}`, fix);
  return pass('the repeat got the first answer; the history holds the message once, under its clientMsgId');
});

/** robotAsk's JSON answer (the check's transport asks for no stream; robot-stream checks one), or an empty one. */
function answerOf(frames: readonly RobotFrame[]): RobotAskData {
  return frames.find((f): f is Extract<RobotFrame, { type: 'answer' }> => f.type === 'answer')?.answer ?? { msgContent: '' };
}

const robotAsk = defineCheck('robot-ask', async (run) => {
  const missing = needsRobotQuestion(run);
  const sent = run.sent;
  if (missing || !sent) return missing ?? skip('sendMsg delivered no message');
  const request = { userId: sent.body.userId, channelId: run.channelId, question: sent.body.msgContent };
  const out = await run.call('robotAsk', (api) => api.robotAsk(request).pipe(toArray(), map(answerOf)));
  if (!out.ok) {
    const { detail, fix } = diagnose(out.error, out.ex, EXPECTED.robotAsk);
    return fail(`${detail}; the widget shows "The assistant is unavailable right now"`, fix);
  }
  const { msgContent, msgType, suggestions = [] } = out.data;
  if (msgContent.trim() === '') return warn('answered an empty msgContent: an empty bubble', `send the answer's text: ${EXPECTED.robotAsk}`);
  const kind = msgType === MsgType.Answer ? 'an answer (answermsg)' : msgType === MsgType.Faq ? 'a FAQ list (faq)' : `a text (msgType ${msgType ?? 'absent'})`;
  return pass(`${kind}: "${snippet(msgContent, 48)}"; ${count(suggestions.length, 'suggestion')}`);
});

const history = defineCheck('history', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const userId = run.state.session?.userId ?? '';
  const out = await run.call('getHistoryMsg', (api) => api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, userId }));
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.history));
  const { messages, dropped, notes } = decodePage(out.data, run.now());
  run.history = messages;
  run.historyRaw = out.data;
  if (dropped.length > 0) {
    return fail(
      `${count(dropped.length, 'message')} of ${out.data.length} cannot be shown: ${firstOf(dropped)}`,
      'give every message a senderType of 1–4 and its msgContent as text (§3 Message)',
    );
  }
  const found = findSent(run, messages);
  if (run.sent && !found) {
    return fail(
      'the message sendMsg delivered is not in the newest page: a reload loses it',
      'store each delivered visitor message and answer it in the page without maxTime (§7)',
    );
  }
  if (found && found.senderType !== SenderType.Visitor) {
    return fail(
      `the sent message came back with senderType ${found.senderType}: it is shown as someone else's`,
      "keep senderType 1 on the visitor's messages (§3)",
    );
  }
  const untimed = messages.filter((m) => m.msgTime === undefined).length;
  if (untimed > 0) notes.push(`${count(untimed, 'message')} without msgTime: no older page can be asked past them`);
  const times = messages.flatMap((m) => (m.msgTime === undefined ? [] : [m.msgTime]));
  if (new Set(times).size < times.length) notes.push('messages share a msgTime: paging by "strictly older" skips one at a page edge');
  const summary = `${count(messages.length, 'message')}${found ? ', the sent one among them' : ''}`;
  if (notes.length > 0)
    return warn(`${summary}; but ${firstOf(notes)}`, 'send each field in a type §3 Message lists, and each message its own msgTime (ms since 1970)');
  return pass(summary);
});

/** A card's msgContent, as JSON text (docs/protocol.md "Cards"). */
const CARD_EXAMPLE = 'msgContent \'{"code":"goods","data":{"name":"…","price":9.5,"currency":"EUR"}}\'';

const cards = defineCheck('cards', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  if (!run.historyRaw) return skip('getHistoryMsg answered no page');
  const raw = run.historyRaw.flatMap((item, i) => (isCardItem(item) ? [{ item, i }] : []));
  if (raw.length === 0) return skip('the newest history page has no card message (msgType "card"); a channel whose history has cards checks them');
  const dropped: string[] = [];
  const fellBack: string[] = [];
  const normalised: string[] = [];
  const kinds = new Set<string>();
  for (const { item, i } of raw) {
    const lines: string[] = [];
    try {
      const m = decodeMessage(item, { now: run.now(), newId: () => `check-backend-card-${i}`, warn: (line) => lines.push(line) }, `history[${i}]`);
      // Decoded as a UI that draws it decodes it (the engine keeps it as JSON text).
      const { card, cardError } = decodeCardContent(m.msgContent, (line) => lines.push(line), `history[${i}].msgContent`);
      if (card) kinds.add(card.kind === 'custom' ? `custom "${card.code}"` : card.kind);
      if (cardError) fellBack.push(lines.find((l) => l.includes(cardError)) ?? `history[${i}]: ${cardError}`);
      else normalised.push(...lines);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      dropped.push(e.message);
    }
  }
  const fix = `send each card as msgType "card" with msgContent {code, data, fallback?}, its fields of the types docs/protocol.md "Cards" lists: ${CARD_EXAMPLE}`;
  if (dropped.length > 0) return fail(`${count(dropped.length, 'card message')} of ${raw.length} cannot be shown: ${firstOf(dropped)}`, fix);
  if (fellBack.length > 0) return warn(`${count(fellBack.length, 'card')} of ${raw.length} show only as fallback text: ${firstOf(fellBack)}`, fix);
  if (normalised.length > 0) return warn(`${count(raw.length, 'card')} decode, but a field is dropped: ${firstOf(normalised)}`, fix);
  return pass(`${count(raw.length, 'card')} decode: ${[...kinds].join(', ')}`);
});

const historyPaging = defineCheck('history-paging', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  if (!run.history) return skip('getHistoryMsg answered no page');
  const times = [...new Set(run.history.flatMap((m) => (m.msgTime === undefined ? [] : [m.msgTime])))].sort((a, b) => a - b);
  const maxTime = times.at(-1);
  if (maxTime === undefined || times.length < 2) return skip(`needs two messages with distinct msgTimes; the newest page has ${count(times.length, 'time')}`);
  const older = run.history.filter((m) => m.msgTime !== undefined && m.msgTime < maxTime).length;
  const userId = run.state.session?.userId ?? '';
  const out = await run.call('getHistoryMsg', (api) => api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, maxTime, userId }));
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.history));
  const page = decodePage(out.data, run.now()).messages;
  const fix = 'answer the newest pageSize messages with msgTime strictly below maxTime (§7 getHistoryMsg)';
  const late = page.filter((m) => m.msgTime !== undefined && m.msgTime >= maxTime);
  if (late.length > 0) return fail(`maxTime ${maxTime} answered ${count(late.length, 'message')} not older than it`, fix);
  if (page.length === 0 && older > 0) return fail(`maxTime ${maxTime} answered no message, but ${older} of the newest page are older`, fix);
  return pass(`maxTime ${maxTime} answered ${count(page.length, 'older message')}`);
});

/** The checks of the visitor's messages, in the order the widget makes their calls. */
export const MESSAGE_CHECKS: Record<'sendMsg' | 'clientMsgId' | 'robotAsk' | 'history' | 'cards' | 'historyPaging', Check> = {
  sendMsg,
  clientMsgId,
  robotAsk,
  history,
  cards,
  historyPaging,
};
