import { EMPTY, mergeMap, of, type Observable } from 'rxjs';
import { HISTORY_PAGE_SIZE } from '../constants';
import { forgotSession } from '../features/bootstrap/predicates';
import { fileAddress } from '../model/decode';
import { canEnd, withAgent } from '../features/conversation/predicates';
import { evaluatesAfterClose } from '../features/evaluation/predicates';
import type { CallName } from '../protocol';
import type { VisitorApi } from '../transport/visitorApi';
import { count, defineCheck, fail, needsBackend, needsChannel, needsSession, onlyLogged, pass, skip, statusNow, warn, type Check, type Run } from './context';
import { diagnose, envelope, refusal, type Outcome } from './wire';

const EXPECTED = {
  getEvaluateInfo: envelope('{"starList":["Very poor","Poor","Fair","Good","Excellent"]}'),
  upload: envelope('{"url":"https://…/file.txt","name":"file.txt","suffix":"txt"}'),
  ok: '{"code":200}',
};

/** The origin the CORS check calls from: any other origin than the backend's (a reserved name). */
const OTHER_ORIGIN = 'https://check-backend.example';

const evaluateInfo = defineCheck('evaluate-info', async (run) => {
  const channel = run.state.channel;
  if (!channel) return needsChannel(run) ?? skip('no channel');
  if (!evaluatesAfterClose(run.state))
    return skip('evaluateMode is off: the widget asks for the labels only when an evaluation opens (after a close, or on event 1203)');
  const out = await run.call('getEvaluateInfo', (api) => api.getEvaluateInfo({ tenantId: channel.tenantId, channelId: run.channelId }));
  if (!out.ok) {
    const { detail, fix } = diagnose(out.error, out.ex, EXPECTED.getEvaluateInfo);
    return fail(`${detail}; the dialog shows 5 stars without labels`, fix);
  }
  const { starList } = out.data;
  if (starList.length === 0)
    return warn('starList is empty: the dialog shows 5 stars without labels', `send the labels, lowest first: ${EXPECTED.getEvaluateInfo}`);
  return pass(`${count(starList.length, 'star')}: ${starList.join(', ')}`);
});

const upload = defineCheck('upload', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const userId = run.state.session?.userId ?? '';
  const file = new Blob([`check-backend ${run.token}: an upload test\n`], { type: 'text/plain' });
  const out = await run.call('upload', (api) =>
    api.upload({ userId, file, fileName: `check-backend-${run.token}.txt` }).pipe(mergeMap((f) => (f.kind === 'done' ? of(f.data) : EMPTY))),
  );
  if (!out.ok) {
    const { detail, fix } = diagnose(out.error, out.ex, EXPECTED.upload);
    return fail(`${detail}; the widget marks the file message failed`, fix);
  }
  const { url } = out.data;
  // The engine's own rule: a relative url is the file on the API's origin (§3 File addresses).
  const address = fileAddress(url, out.ex?.url ?? '');
  const fix = 'answer the absolute http(s) URL the file is served at (§3 File addresses)';
  if (/^data:/i.test(address)) return pass(`url is a data: URL (${url.length} characters)`);
  if (!/^https?:/i.test(address)) return fail(`url "${url}" is neither http(s) nor a path: the widget does not show it`, fix);
  const got = await run.request(address, { method: 'GET' });
  if ('error' in got) return warn(`url "${url}", but GET ${address} failed: ${got.error instanceof Error ? got.error.message : String(got.error)}`, fix);
  if (!got.response.ok) return warn(`url "${url}", but GET ${address} answered HTTP ${got.response.status}`, fix);
  if (!/^[a-z][\w+.-]*:/i.test(url.trim()))
    return warn(
      `url "${url}" is relative: served at ${address}, where this widget resolves it; a client that resolves it against its own page gets another file`,
      fix,
    );
  return pass(`url "${url}", served`);
});

/** A request the widget never makes, with what makes it bad. */
interface Probe {
  label: string;
  call: CallName;
  request: (api: VisitorApi) => Observable<unknown>;
}

/** The answers to a list of probes that must be refused. */
async function probe(run: Run, probes: readonly Probe[]): Promise<{ label: string; out: Outcome<unknown> }[]> {
  const answers: { label: string; out: Outcome<unknown> }[] = [];
  for (const { label, call, request } of probes) answers.push({ label, out: await run.call(call, request) });
  return answers;
}

const badRequest = defineCheck('bad-request', async (run) => {
  const missing = needsBackend(run);
  if (missing) return missing;
  const answers = await probe(run, [
    { label: 'chatStart without channelId', call: 'chatStart', request: (api) => api.chatStart({ channelId: '' }) },
    { label: 'getHistoryMsg without userId', call: 'getHistoryMsg', request: (api) => api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, userId: '' }) },
  ]);
  const problems: string[] = [];
  const notes: string[] = [];
  const refusals: string[] = [];
  for (const { label, out } of answers) {
    const answer = refusal(out);
    if (answer.refused) {
      refusals.push(`code ${answer.code} "${answer.message}"`);
      if (answer.message.trim() === '') notes.push(`${label}: refused without a message`);
    } else if (answer.diagnosis) problems.push(`${label}: ${answer.diagnosis.detail}`);
    else notes.push(`${label} was answered with code 200`);
  }
  if (problems.length > 0) {
    return fail(
      problems.join('; '),
      'answer every refusal as an envelope, e.g. {"code":400,"message":"channelId is required"}; the body counts, not the HTTP status (§7)',
    );
  }
  if (notes.length > 0) return warn(notes.join('; '), 'refuse a request without a required field: {"code":400,"message":"… is required"}');
  return pass(`refused: ${refusals.join('; ')}`);
});

const unknownVisitor = defineCheck('unknown-visitor', async (run) => {
  const missing = needsBackend(run);
  if (missing) return missing;
  const session = run.state.session;
  const probes: Probe[] = [
    {
      label: 'an unknown userId',
      call: 'getHistoryMsg',
      request: (api) => api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, userId: `check-backend-unknown-${run.token}` }),
    },
  ];
  // The pollId probe only where the widget polls (status 2 and 3).
  if (session && withAgent(run.state)) {
    probes.push({
      label: 'an unknown pollId',
      call: 'getEventMsg',
      request: (api) => api.getEventMsg({ userId: session.userId, pollId: `check-backend-unknown-${run.token}`, lastEventId: '' }),
    });
  }
  const problems: string[] = [];
  const notes: string[] = [];
  const lost: string[] = [];
  for (const { label, out } of await probe(run, probes)) {
    const answer = refusal(out);
    if (!out.ok && forgotSession(out.error) && answer.refused) lost.push(`${label}: code ${answer.code} "${answer.message}"`);
    else if (answer.refused) notes.push(`${label} was refused with code ${answer.code} "${answer.message}", which does not say the session is lost`);
    else if (answer.diagnosis) problems.push(`${label}: ${answer.diagnosis.detail}`);
    else notes.push(`${label} was answered with code 200`);
  }
  if (problems.length > 0) return fail(problems.join('; '), 'answer with an envelope, e.g. {"code":404,"message":"visitor not found"} (§7)');
  const fix =
    'answer code 404 (or a message naming the unknown visitor, session or poll) for a userId or pollId you do not know; the widget then starts a new session and goes on (optional)';
  if (notes.length > 0) return warn(`${notes.join('; ')}: a widget whose session the backend forgot stays stuck until a reload`, fix);
  return pass(`${lost.join('; ')}: the widget reconnects`);
});

const chatClose = defineCheck('chat-close', async (run) => {
  const missing = needsSession(run);
  if (missing) return missing;
  const session = run.state.session;
  if (!session || !canEnd(run.state)) return skip(`${statusNow(run)}: the visitor can end the chat only with an agent or queued (status 2 or 3)`);
  const out = await run.call('chatClose', (api) => api.chatClose({ userId: session.userId, pollId: session.pollId }));
  // The widget closes the chat before the call (docs/protocol.md §7 chatClose), whatever it answers.
  run.apply({ type: 'chatClosed' });
  if (!out.ok) return onlyLogged(diagnose(out.error, out.ex, EXPECTED.ok), 'the chat ends for the visitor, but the backend is not told', EXPECTED.ok);
  return pass('answered code 200: the chat is over');
});

/** Whether an Access-Control-Allow-Origin value lets `origin` read the answer. */
const allows = (value: string | null, origin: string) => value === '*' || value === origin;

const cors = defineCheck('cors', async (run) => {
  const missing = needsBackend(run);
  if (missing) return missing;
  const url = run.channelInfoUrl;
  if (!url) return skip('channelInfo made no request to take the URL from');
  const fix =
    'only needed when the widget or an app calls the API from another origin (apiBase): answer OPTIONS with a 2xx, Access-Control-Allow-Origin (the origin, or *) and Access-Control-Allow-Headers: Content-Type, and put Access-Control-Allow-Origin on every answer';
  const preflight = await run.request(url, {
    method: 'OPTIONS',
    headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  if ('error' in preflight)
    return warn(`the preflight (OPTIONS) failed: ${preflight.error instanceof Error ? preflight.error.message : String(preflight.error)}`, fix);
  const problems: string[] = [];
  const { status, headers } = preflight.response;
  const allowOrigin = headers.get('access-control-allow-origin');
  if (!preflight.response.ok) problems.push(`the preflight (OPTIONS) answered HTTP ${status}`);
  if (!allows(allowOrigin, OTHER_ORIGIN))
    problems.push(allowOrigin === null ? 'it has no Access-Control-Allow-Origin' : `its Access-Control-Allow-Origin is "${allowOrigin}"`);
  // POST is a CORS-safelisted method; the JSON content type is not, so the header must be allowed.
  if (!/(^|,)\s*(\*|content-type)\s*(,|$)/i.test(headers.get('access-control-allow-headers') ?? ''))
    problems.push('its Access-Control-Allow-Headers does not name Content-Type');
  const post = await run.request(url, {
    method: 'POST',
    headers: { origin: OTHER_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ id: run.channelId }),
  });
  if ('response' in post && !allows(post.response.headers.get('access-control-allow-origin'), OTHER_ORIGIN))
    problems.push('the POST answer has no Access-Control-Allow-Origin');
  if (problems.length > 0) return warn(`${problems.join('; ')}: a page on ${OTHER_ORIGIN} cannot call this API`, fix);
  return pass(`a page on ${OTHER_ORIGIN} may call it (Access-Control-Allow-Origin: ${allowOrigin ?? ''})`);
});

/** The checks that probe refusals, files and hosting, in the order they run. */
export const PROBE_CHECKS: Record<'evaluateInfo' | 'upload' | 'badRequest' | 'unknownVisitor' | 'chatClose' | 'cors', Check> = {
  evaluateInfo,
  upload,
  badRequest,
  unknownVisitor,
  chatClose,
  cors,
};
