import { decodeChannelInfo, type ChannelInfo } from '../model/channel';
import { ChatStatus, ReceiveMode, TransferStatus, chatStatusOf } from '../model/codes';
import { flag, optNumber } from '../model/decode';
import { fieldKind, type FieldKind } from '../model/validation';
import { canRequestHuman, inConversation, joinedQueueAt, withAgent } from '../features/conversation/predicates';
import { unreachable } from '../features/bootstrap/predicates';
import { userFormRequired } from '../features/forms/predicates';
import type { TransferAgentData } from '../protocol';
import {
  count,
  defineCheck,
  fail,
  failed,
  firstOf,
  needsBackend,
  needsChannel,
  needsSession,
  onlyLogged,
  pass,
  skip,
  statusNow,
  warn,
  type Check,
  type Run,
} from './context';
import { diagnose, envelope, rawData, refusal } from './wire';

/** The answers each call should have sent, for the fixes. */
const EXPECTED = {
  channelInfo: envelope('{"tenantId":"…","titleDesc":"…","receiveMode":0,…}'),
  chatStart: envelope('{"userId":"…","sessionId":"…","pollId":"…","status":0}'),
  transferAgent: envelope('{"status":2,"adminNick":"…"}'),
  getAdminCard: envelope('{"adminWelcomeMode":1,"adminWelcomeMsg":"…","adminNick":"…"}'),
  ok: `{"code":200}`,
};

/** Channel-info texts shown only when their flag is on (SPEC §3): an empty one shows nothing. */
const GATED_TEXTS = [
  ['robotWelcomeMode', 'robotWelcomeMsg', 'robotWelcome'],
  ['adminOfflineMode', 'adminOfflineMsg', 'adminOfflineMsg'],
  ['userQueueMode', 'userQueueMsg', 'userQueueMsg'],
  ['unWorkingMode', 'unWorkingMsg', 'unWorkingMsg'],
  ['adminCloseMode', 'adminCloseMsg', 'adminCloseMsg'],
] as const satisfies readonly (readonly [string, string, keyof ChannelInfo])[];

/** The countdowns (SPEC §4 Timeouts): a flag that is on with no usable time means no countdown. */
const COUNTDOWNS = [
  ['adminTimeoutMode', 'adminTimeoutTime', 'adminTimeout'],
  ['userTimeoutMode', 'userTimeoutTime', 'userTimeout'],
] as const satisfies readonly (readonly [string, string, keyof ChannelInfo])[];

/** The channel in a line: what the widget will do with it. */
function describeChannel(c: ChannelInfo, rawMode: number | undefined): string {
  const mode =
    c.receiveMode === ReceiveMode.RobotFirst
      ? 'robot first (receiveMode 0)'
      : `agent transfer (receiveMode ${rawMode === undefined ? 'absent' : rawMode}${rawMode === ReceiveMode.Agent ? '' : ', read as 3'})`;
  const parts = [`tenantId "${c.tenantId}"`, mode];
  if (c.msgToTransfer) parts.push('messages wait for an agent');
  if (c.faq) parts.push(count(c.faq.length, 'FAQ question'));
  if (c.userForm) parts.push(`user form (${count(c.userForm.fields.length, 'field')})`);
  if (c.groups) parts.push(count(c.groups.length, 'agent group'));
  if (c.evaluate) parts.push('evaluation on');
  return parts.join('; ');
}

/** What a backend probably did not mean: flags on with nothing to show, configs the widget drops. */
function channelNotes(c: ChannelInfo, raw: Record<string, unknown>, decodeLog: readonly string[]): string[] {
  const notes = [...decodeLog];
  for (const [mode, text, field] of GATED_TEXTS) {
    if (flag(raw[mode]) && c[field]?.trim() === '') notes.push(`${mode} is on but ${text} is empty: nothing is shown (§3)`);
  }
  for (const [mode, time, field] of COUNTDOWNS) {
    if (flag(raw[mode]) && c[field] === null) notes.push(`${mode} is on but ${time} is not a number of minutes above 0: no countdown (§3)`);
  }
  if (c.faq?.length === 0) notes.push('faqMode is on but faqConfig holds no question: no quick replies (§3)');
  return notes;
}

const channelInfo = defineCheck('channel-info', async (run) => {
  const out = await run.call('channelInfo', (api) => api.channelInfo({ id: run.channelId }));
  run.channelInfoUrl = out.ex?.url ?? null;
  run.unreachable = !out.ok && unreachable(out.error);
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.channelInfo));
  const raw = rawData(out.ex);
  const log: string[] = [];
  // Decoded again with a log: the transport drops what it cannot use without saying so.
  const decoded = decodeChannelInfo(raw, (line) => log.push(line));
  run.apply({ type: 'channelLoaded', channel: out.data });
  const summary = describeChannel(decoded, optNumber(raw.receiveMode, 'receiveMode'));
  const notes = channelNotes(decoded, raw, log);
  if (notes.length > 0)
    return warn(`${summary}. But ${firstOf(notes)}`, 'send the text or the config that goes with each flag that is on, or turn the flag off');
  return pass(summary);
});

const unknownChannel = defineCheck('unknown-channel', async (run) => {
  const missing = needsBackend(run);
  if (missing) return missing;
  const id = `check-backend-no-such-channel-${run.token}`;
  const out = await run.call('channelInfo', (api) => api.channelInfo({ id }));
  const fix = `refuse it with an envelope: {"code":404,"message":"channel not found"}; the widget then shows "Unknown channel, channel not found" (§8)`;
  if (out.ok) return fail(`channelInfo {"id":"${id}"} answered success (tenantId "${out.data.tenantId}"): the widget starts a chat on it`, fix);
  const answer = refusal(out);
  if (answer.refused) {
    const shown = answer.message.trim() === '' ? `HTTP ${out.ex?.status ?? '?'}` : answer.message;
    if (answer.message.trim() === '')
      return warn(`refused with code ${answer.code} but no message: the widget shows "Unknown channel, ${shown}"`, 'say why in the envelope\'s "message"');
    return pass(`refused: code ${answer.code}, "${answer.message}"; the widget shows "Unknown channel, ${shown}"`);
  }
  if (answer.diagnosis) {
    return fail(`${answer.diagnosis.detail}; the widget reads it as an unreachable backend and keeps retrying instead of saying "Unknown channel"`, fix);
  }
  const why = out.error instanceof Error ? out.error.message : String(out.error);
  return fail(`answered success, with data the widget cannot use (${why}): it shows "Unknown channel, ${why}" instead of your reason`, fix);
});

const chatStart = defineCheck('chat-start', async (run) => {
  const missing = needsChannel(run);
  if (missing) return missing;
  const out = await run.call('chatStart', (api) => api.chatStart({ channelId: run.channelId }));
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.chatStart));
  const { userId, sessionId, pollId, status } = out.data;
  run.apply({ type: 'sessionStarted', session: { userId, sessionId, pollId }, status });
  const raw = rawData(out.ex);
  const rawStatus = optNumber(raw.status, 'status');
  const notes: string[] = [];
  if (raw.pollId === undefined || raw.pollId === null) notes.push('no pollId: the widget polls with the sessionId');
  if (rawStatus === undefined) notes.push('no status: read as 0');
  else if (chatStatusOf(rawStatus) !== rawStatus) notes.push(`status ${rawStatus} is not a chat status (0–3): read as 0`);
  const summary = `status ${status} (${statusName(status)}); userId, sessionId${notes.length ? '' : ' and pollId'} given`;
  if (notes.length > 0)
    return warn(`${summary}; ${notes.join('; ')}`, `send ${EXPECTED.chatStart}: pollId is what getEventMsg and msgComplete carry, status one of 0–3 (§3)`);
  return pass(summary);
});

/** The name of a chat status (SPEC §4), from the engine's codes. */
function statusName(status: number): string {
  return Object.entries(ChatStatus).find(([, value]) => value === status)?.[0] ?? 'unknown';
}

/** A value a form field of this kind accepts (SPEC §5), so that the form is submitted as a visitor would. */
const SAMPLE: Record<FieldKind, string> = {
  text: 'check-backend',
  longText: 'check-backend: a form filled in by the backend checker',
  phone: '13800138000',
  email: 'check-backend@example.com',
};

const userForm = defineCheck('user-form', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const { state } = run;
  const form = state.channel?.userForm;
  if (!userFormRequired(state) || !form) {
    return skip(
      state.status === ChatStatus.FormCheck
        ? "chatStart answered status 1, but the channel's userFormMode is off: read as 0"
        : `chatStart answered status ${state.status}: no user form is owed`,
    );
  }
  const values = Object.fromEntries(form.fields.map((field) => [field.name, SAMPLE[fieldKind(field.name)]]));
  const userId = state.session?.userId ?? '';
  const out = await run.call('submitUserForm', (api) => api.submitUserForm({ ...values, userId }));
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.ok));
  run.apply({ type: 'userFormDone' });
  return pass(`submitted ${Object.keys(values).join(', ')}: the chat goes on`);
});

/** The transfer results by number, named as the engine names them (SPEC §4). */
const TRANSFER_RESULTS = Object.entries(TransferStatus)
  .map(([name, value]) => `${value} ${name}`)
  .join(', ');

/** What the widget makes of a transfer result, as the engine's reducer would. */
function applyTransfer(run: Run, { status, adminNick, waitIndex }: TransferAgentData): void {
  if (status === TransferStatus.Success) run.apply({ type: 'agentConnected', adminNick });
  else if (status === TransferStatus.Queued) run.apply({ type: 'queued', position: joinedQueueAt(waitIndex), message: null });
  else if (status === TransferStatus.Close) run.apply({ type: 'chatClosed' });
}

const transfer = defineCheck('transfer', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const { state } = run;
  if (!canRequestHuman(state)) {
    if (userFormRequired(state)) return skip('the user form was not accepted: the widget asks for no transfer before it is');
    return skip(`chatStart answered status ${state.status}: the visitor is already with an agent or queued`);
  }
  const groups = state.channel?.groups;
  // SPEC §4 groups: none → "No agent online" without a call; else one group is asked for.
  if (groups?.length === 0) return skip('group mode is on with no groups: the widget shows "No agent online" and calls nothing (§4)');
  const target = { userId: state.session?.userId ?? '', groupId: groups?.[0]?.id };
  const out = await run.call('transferAgent', (api) => api.transferAgent(target));
  if (!out.ok) return failed(diagnose(out.error, out.ex, EXPECTED.transferAgent));
  const { status, adminNick, waitIndex } = out.data;
  const name = Object.entries(TransferStatus).find(([, value]) => value === status)?.[0];
  if (name === undefined) {
    return fail(`answered status ${status}, which is no transfer result: the widget does nothing`, `answer one of ${TRANSFER_RESULTS} (§4)`);
  }
  run.transferAnswer = `${status} (${name})`;
  applyTransfer(run, out.data);
  const raw = rawData(out.ex);
  const asked = target.groupId === undefined ? '' : ` for group "${target.groupId}"`;
  let summary = `answered ${status} (${name})${asked}`;
  if (status === TransferStatus.Success) summary += adminNick ? `: connected to "${adminNick}"` : ': connected (no adminNick: "an agent")';
  if (status === TransferStatus.Queued) summary += `: position ${joinedQueueAt(waitIndex)}`;
  const notes: string[] = [];
  const fixes: string[] = [];
  if (raw.status === undefined || raw.status === null) {
    notes.push('no status: read as 6 (Nothing)');
    fixes.push(`send the result in data.status: one of ${TRANSFER_RESULTS}`);
  }
  if (status === TransferStatus.Queued && waitIndex === undefined) {
    notes.push('no waitIndex: the queue message shows position 1');
    fixes.push(`send the queue position: ${envelope('{"status":3,"waitIndex":2}')}`);
  }
  if (withAgent(run.state)) {
    // docs/protocol.md §7: asking again while connected or queued answers the current state.
    const again = await run.call('transferAgent', (api) => api.transferAgent(target));
    if (!again.ok || again.data.status !== status) {
      notes.push(again.ok ? `asked again, it answered ${again.data.status}` : `asked again, it failed: ${diagnose(again.error, again.ex, '').detail}`);
      fixes.push(`answer the current state when asked again (${status} now)`);
    }
  }
  if (notes.length > 0) return warn(`${summary}; but ${notes.join('; ')}`, fixes.join('; '));
  return pass(summary);
});

const adminCard = defineCheck('admin-card', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  if (!inConversation(run.state)) return skip(`no agent connected (${statusNow(run)}): the widget asks for the card only after a connection`);
  const out = await run.call('getAdminCard', (api) => api.getAdminCard({ userId: run.state.session?.userId ?? '' }));
  if (!out.ok) return onlyLogged(diagnose(out.error, out.ex, EXPECTED.getAdminCard), 'the agent sends no welcome message', EXPECTED.getAdminCard);
  const { adminWelcomeMode, adminWelcomeMsg } = out.data;
  const welcome = flag(adminWelcomeMode) && adminWelcomeMsg?.trim() ? `welcome message "${adminWelcomeMsg}"` : 'no welcome message';
  return pass(welcome);
});

/** The checks of the start and the agent, in the order the widget makes their calls. */
export const START_CHECKS: Record<'channelInfo' | 'unknownChannel' | 'chatStart' | 'userForm' | 'transfer' | 'adminCard', Check> = {
  channelInfo,
  unknownChannel,
  chatStart,
  userForm,
  transfer,
  adminCard,
};
