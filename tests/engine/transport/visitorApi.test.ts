import { HttpResponse, delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { first, firstValueFrom, toArray, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '#engine/constants';
import { createChatEngine } from '#engine/engine';
import { ReceiveMode } from '#engine/model/codes';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError, TransportError } from '#engine/transport/errors';
import { createVisitorApi, type VisitorApi } from '#engine/transport/visitorApi';

const API_BASE = 'http://api.test';
const url = (call: string) => `${API_BASE}/api/chat/visitor/${call}`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The outcome of a one-shot call, as a promise that never rejects. */
interface Outcome<T> {
  done: boolean;
  value?: T;
  error?: unknown;
}
function track<T>(source: Observable<T>): { outcome: Outcome<T>; settled: Promise<Outcome<T>>; unsubscribe: () => void } {
  const outcome: Outcome<T> = { done: false };
  let resolve: (o: Outcome<T>) => void = () => {};
  const settled = new Promise<Outcome<T>>((r) => (resolve = r));
  const subscription = source.subscribe({
    next: (value) => (outcome.value = value),
    error: (error: unknown) => {
      outcome.done = true;
      outcome.error = error;
      resolve(outcome);
    },
    complete: () => {
      outcome.done = true;
      resolve(outcome);
    },
  });
  return { outcome, settled, unsubscribe: () => subscription.unsubscribe() };
}
const failure = async <T>(source: Observable<T>): Promise<unknown> => (await track(source).settled).error;

/** A handler that never answers; `arrived` resolves with the request once it reaches the server. */
function hanging(call: string) {
  let arrived: (r: Request) => void = () => {};
  const request = new Promise<Request>((r) => (arrived = r));
  server.use(
    http.post(url(call), async ({ request: req }) => {
      arrived(req);
      await delay('infinite');
      return HttpResponse.json({ code: 200 });
    }),
  );
  return request;
}

/** Runs the virtual clock up to `frame` (inclusive), then lets promise callbacks run. */
async function advanceTo(scheduler: TestScheduler, frame: number): Promise<void> {
  scheduler.maxFrames = frame;
  scheduler.flush();
  await new Promise((r) => setTimeout(r, 20));
}

const newApi = (scheduler?: TestScheduler): VisitorApi => createVisitorApi({ apiBase: API_BASE, scheduler });
const newClock = () => new TestScheduler((a, e) => expect(a).toEqual(e));

describe('VisitorApi over fetch (SPEC §7)', () => {
  it('SPEC §7: POSTs the body as JSON to {apiBase}/api/chat/visitor/{call} and hands over the decoded data', async () => {
    const seen: { method: string; contentType: string | null; body: unknown }[] = [];
    server.use(
      http.post(url('channelInfo'), async ({ request }) => {
        seen.push({ method: request.method, contentType: request.headers.get('content-type'), body: await request.json() });
        return HttpResponse.json({ code: 200, data: { tenantId: 't1', receiveMode: '0', robotWelcomeMode: '1', robotWelcomeMsg: 'Hi' } });
      }),
    );

    const info = await firstValueFrom(newApi().channelInfo({ id: 'demo' }));

    expect(seen).toEqual([{ method: 'POST', contentType: 'application/json', body: { id: 'demo' } }]);
    expect(info).toMatchObject({ tenantId: 't1', receiveMode: ReceiveMode.RobotFirst, robotWelcome: 'Hi' });
  });

  it('getAdminCard: the agent\'s picture as adminAvatar, avatar or headImg (docs/protocol.md "Avatars"); one that is not http(s) is dropped with a line to `warn`', async () => {
    const cards = [
      { adminNick: 'Ann', headImg: 'https://cdn.example.com/ann.png' },
      { adminNick: 'Bo', adminAvatar: 'javascript:alert(1)' },
    ];
    server.use(http.post(url('getAdminCard'), () => HttpResponse.json({ code: 200, data: cards.shift() })));
    const lines: string[] = [];
    const api = createVisitorApi({ apiBase: API_BASE, warn: (line) => lines.push(line) });

    expect(await firstValueFrom(api.getAdminCard({ userId: 'u' }))).toMatchObject({ adminNick: 'Ann', adminAvatar: 'https://cdn.example.com/ann.png' });
    expect(await firstValueFrom(api.getAdminCard({ userId: 'u' }))).toMatchObject({ adminNick: 'Bo', adminAvatar: undefined });
    expect(lines).toEqual(['getAdminCard.adminAvatar: not an http(s) URL; ignored']);
  });

  it('SPEC §7: a trailing slash on apiBase is tolerated, and the request body is sent as given', async () => {
    let body: unknown;
    server.use(
      http.post(url('chatStart'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ code: 200, data: { userId: 'u1', sessionId: 's1', pollId: 'p1', status: '2' } });
      }),
    );

    const data = await firstValueFrom(
      createVisitorApi({ apiBase: `${API_BASE}/` }).chatStart({ channelId: 'demo', userId: 'u0', previousUrl: 'https://x.test/' }),
    );

    expect(body).toEqual({ channelId: 'demo', userId: 'u0', previousUrl: 'https://x.test/' });
    expect(data).toEqual({ userId: 'u1', sessionId: 's1', pollId: 'p1', status: 2, userFormMode: undefined, serverTime: undefined });
  });

  it.each([`${API_BASE}/api/chat/visitor`, `${API_BASE}/api/chat/visitor/`])(
    'an apiBase given with the API prefix (%s) is read as its origin: the call goes to the one prefix',
    async (apiBase) => {
      server.use(http.post(url('channelInfo'), () => HttpResponse.json({ code: 200, data: { tenantId: 't' } })));
      const api = createVisitorApi({ apiBase });
      await expect(firstValueFrom(api.channelInfo({ id: 'demo' }))).resolves.toMatchObject({ tenantId: 't' });
    },
  );

  it("SPEC §7: code ≠ 200 is an ApiError carrying the server's message and code", async () => {
    server.use(http.post(url('channelInfo'), () => HttpResponse.json({ code: 404, message: 'channel does not exist' })));

    const error = await failure(newApi().channelInfo({ id: 'nope' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ call: 'channelInfo', code: 404, message: 'channel does not exist', kind: 'api' });
  });

  it('SPEC §7: an answer that is not JSON (or not an envelope) is a MalformedResponseError', async () => {
    server.use(
      http.post(url('sendMsg'), () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
      http.post(url('typing'), () => HttpResponse.json([200])),
    );

    const notJson = await failure(newApi().sendMsg({ userId: 'u', senderType: 1, msgType: 1, msgContent: 'x' }));
    const notEnvelope = await failure(newApi().typing({ userId: 'u', msgContent: 'x' }));

    expect(notJson).toBeInstanceOf(MalformedResponseError);
    expect(notJson).toMatchObject({ call: 'sendMsg', kind: 'malformed', message: `HTTP 502, the answer is not a JSON envelope (${url('sendMsg')})` });
    expect(notEnvelope).toBeInstanceOf(MalformedResponseError);
  });

  it('issue 27: a failed answer’s Retry-After (seconds, or a date) is on the error as retryAfterMs, at most 5 minutes; none without one', async () => {
    server.use(
      http.post(url('sendMsg'), () => new HttpResponse('<html>503</html>', { status: 503, headers: { 'content-type': 'text/html', 'retry-after': '30' } })),
      http.post(url('typing'), () =>
        HttpResponse.json({ code: 429, message: 'slow down' }, { status: 429, headers: { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() } }),
      ),
      http.post(url('getAdminCard'), () => HttpResponse.json({ code: 500, message: 'down' }, { status: 500 })),
    );
    const html = await failure(newApi().sendMsg({ userId: 'u', senderType: 1, msgType: 1, msgContent: 'x' }));
    const limited = await failure(newApi().typing({ userId: 'u', msgContent: 'x' }));
    const plain = await failure(newApi().getAdminCard({ userId: 'u' }));
    expect(html).toMatchObject({ kind: 'malformed', retryAfterMs: 30_000 });
    expect(limited).toMatchObject({ kind: 'api', code: 429, retryAfterMs: 5 * 60_000 });
    expect((plain as TransportError).retryAfterMs).toBeUndefined();
  });

  it('issue 27: getSessionMsg and getOfflineMsg are read liberally — a list, or the list inside an object (list, msgList, messages, records, rows), nothing as none', async () => {
    const message = { id: 'm1', senderType: 2, msgType: 1, msgContent: 'Hi', msgTime: 1 };
    const answers = [[message], { list: [message] }, { msgList: [message] }, { records: [message], total: 1 }, null];
    let i = 0;
    server.use(
      http.post(url('getSessionMsg'), () => HttpResponse.json({ code: 200, data: answers[i++] })),
      http.post(url('getOfflineMsg'), () => HttpResponse.json({ code: 200, data: { rows: [message] } })),
    );
    const got = [];
    for (let n = 0; n < answers.length; n++) got.push(await firstValueFrom(newApi().getSessionMsg({ userId: 'u', sessionId: 's' })));
    expect(got).toEqual([[message], [message], [message], [message], []]);
    expect(await firstValueFrom(newApi().getOfflineMsg({ userId: 'u' }))).toEqual([message]);
    // An object with no list in it is no answer.
    server.use(http.post(url('getSessionMsg'), () => HttpResponse.json({ code: 200, data: { total: 0 } })));
    expect(await failure(newApi().getSessionMsg({ userId: 'u', sessionId: 's' }))).toBeInstanceOf(MalformedResponseError);
  });

  it('DESIGN wire data: data of the wrong shape (chatStart without userId) is a MalformedResponseError naming the field', async () => {
    server.use(http.post(url('chatStart'), () => HttpResponse.json({ code: 200, data: { sessionId: 's1', pollId: 'p1', status: 0 } })));

    const error = await failure(newApi().chatStart({ channelId: 'demo' }));

    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ call: 'chatStart', message: expect.stringMatching(/chatStart\.userId/) });
  });

  it('DESIGN wire data: getHistoryMsg data that is not a list is malformed; no data is an empty list', async () => {
    server.use(
      http.post(url('getHistoryMsg'), () => HttpResponse.json({ code: 200, data: { list: [] } })),
      http.post(url('getSessionMsg'), () => HttpResponse.json({ code: 200 })),
    );

    expect(await failure(newApi().getHistoryMsg({ pageSize: 20, userId: 'u' }))).toBeInstanceOf(MalformedResponseError);
    expect(await firstValueFrom(newApi().getSessionMsg({ userId: 'u', sessionId: 's' }))).toEqual([]);
  });

  it.each([
    ['a list of strings', { tips: ['How do I return an item?', 'How long does shipping take?'] }],
    ['objects with a name, text or question', { tips: [{ name: 'How do I return an item?' }, { text: 'How long does shipping take?' }] }],
    ['the list itself as data', [{ question: 'How do I return an item?' }, 'How long does shipping take?']],
  ])('docs/protocol.md robotTips: tips as %s; a tip of another shape is dropped, not the answer', async (_shape, data) => {
    const extra = Array.isArray(data) ? [...data, 7, null, { id: 1 }] : { tips: [...data.tips, 7, null, { id: 1 }] };
    server.use(http.post(url('robotTips'), () => HttpResponse.json({ code: 200, data: extra })));

    expect(await firstValueFrom(newApi().robotTips({ userId: 'u', channelId: 'demo', question: 're' }))).toEqual({
      tips: ['How do I return an item?', 'How long does shipping take?'],
    });
  });

  it('docs/protocol.md robotTips: no data, or no tips, is no suggestions; tips that are not a list are malformed', async () => {
    const answers = [{ code: 200 }, { code: 200, data: {} }, { code: 200, data: { tips: 'refund' } }];
    server.use(http.post(url('robotTips'), () => HttpResponse.json(answers.shift())));
    const ask = () => newApi().robotTips({ userId: 'u', channelId: 'demo', question: 're' });

    expect(await firstValueFrom(ask())).toEqual({ tips: [] });
    expect(await firstValueFrom(ask())).toEqual({ tips: [] });
    expect(await failure(ask())).toBeInstanceOf(MalformedResponseError);
  });

  it('issue 29: an unreachable backend is told as the call once and the address that failed ("channelInfo: Failed to fetch (…/channelInfo)")', async () => {
    server.use(http.post(url('channelInfo'), () => HttpResponse.error()));
    const engine = createChatEngine({ query: '?channelid=demo', api: newApi() });
    const failed = firstValueFrom(engine.state$.pipe(first((s) => s.phase === 'error')));
    engine.start();
    const { error } = await failed;
    engine.dispose();

    expect(error).toEqual({ code: 'unreachable', call: 'channelInfo', detail: `Failed to fetch (${url('channelInfo')})` });
  });

  it('a network failure is a NetworkError', async () => {
    server.use(http.post(url('getEventMsg'), () => HttpResponse.error()));

    const error = await failure(newApi().getEventMsg({ userId: 'u', pollId: 'p' }));

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ call: 'getEventMsg', kind: 'network' });
  });

  it('SPEC §7, §9: a call with no answer fails with a TimeoutError at 20 000 ms, not before', async () => {
    const scheduler = newClock();
    const arrived = hanging('channelInfo');
    const call = track(newApi(scheduler).channelInfo({ id: 'demo' }));
    await arrived;

    await advanceTo(scheduler, HTTP_TIMEOUT_MS - 1);
    expect(call.outcome.done).toBe(false);

    await advanceTo(scheduler, HTTP_TIMEOUT_MS);
    const { error } = await call.settled;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      call: 'channelInfo',
      timeoutMs: HTTP_TIMEOUT_MS,
      kind: 'timeout',
      message: `no answer within 20000 ms (${url('channelInfo')})`,
    });
  });

  it('SPEC §7, §9: an upload has 60 000 ms — still waiting at 20 s, a TimeoutError at 60 s', async () => {
    const scheduler = newClock();
    const arrived = hanging('upload');
    const call = track(newApi(scheduler).upload({ userId: 'u', file: new Blob(['data']), fileName: 'a.txt' }));
    await arrived;

    await advanceTo(scheduler, HTTP_TIMEOUT_MS);
    expect(call.outcome.done).toBe(false);
    await advanceTo(scheduler, UPLOAD_TIMEOUT_MS - 1);
    expect(call.outcome.done).toBe(false);

    await advanceTo(scheduler, UPLOAD_TIMEOUT_MS);
    const { error } = await call.settled;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ call: 'upload', timeoutMs: UPLOAD_TIMEOUT_MS });
  });

  it('SPEC §7: uploadBase64 has the 60 000 ms time-out too', async () => {
    const scheduler = newClock();
    const arrived = hanging('uploadBase64');
    const call = track(newApi(scheduler).uploadBase64({ userId: 'u', imgData: 'data:image/png;base64,AAAA' }));
    await arrived;

    await advanceTo(scheduler, HTTP_TIMEOUT_MS);
    expect(call.outcome.done).toBe(false);
    await advanceTo(scheduler, UPLOAD_TIMEOUT_MS);
    expect((await call.settled).error).toMatchObject({ call: 'uploadBase64', timeoutMs: UPLOAD_TIMEOUT_MS });
  });

  it('SPEC §7 upload: sends multipart form data with userId and the file, and reads url, name and suffix', async () => {
    let fields: { userId: FormDataEntryValue | null; file: FormDataEntryValue | null; type: string | null } | undefined;
    server.use(
      http.post(url('upload'), async ({ request }) => {
        const type = request.headers.get('content-type');
        const form = await request.formData();
        fields = { userId: form.get('userId'), file: form.get('file'), type };
        return HttpResponse.json({ code: 200, data: { url: 'https://cdn.test/a.png', name: 'a.png', suffix: 'png' } });
      }),
    );

    // Over fetch (no XMLHttpRequest here), the upload reports no progress: one done frame.
    const frames = await firstValueFrom(
      newApi()
        .upload({ userId: 'u7', file: new Blob(['png-bytes'], { type: 'image/png' }), fileName: 'a.png' })
        .pipe(toArray()),
    );

    expect(frames).toEqual([{ kind: 'done', data: { url: 'https://cdn.test/a.png', name: 'a.png', suffix: 'png' } }]);
    expect(fields?.userId).toBe('u7');
    expect(fields?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(fields?.file).toBeInstanceOf(Blob);
    expect((fields?.file as File).name).toBe('a.png');
  });

  it('unsubscribing aborts the request and cancels its time-out', async () => {
    const scheduler = newClock();
    const arrived = hanging('getEventMsg');
    const call = track(newApi(scheduler).getEventMsg({ userId: 'u', pollId: 'p' }));
    const request = await arrived;
    expect(request.signal.aborted).toBe(false);
    expect(scheduler.actions).toHaveLength(1);

    call.unsubscribe();

    expect(request.signal.aborted).toBe(true);
    expect(scheduler.actions).toHaveLength(0);
    await advanceTo(scheduler, UPLOAD_TIMEOUT_MS);
    expect(call.outcome.done).toBe(false);
  });

  it('an answered call cancels its time-out', async () => {
    const scheduler = newClock();
    server.use(http.post(url('msgComplete'), () => HttpResponse.json({ code: 200 })));

    const outcome = await track(newApi(scheduler).msgComplete({ userId: 'u', pollId: 'p' })).settled;

    expect(outcome).toEqual({ done: true, value: undefined });
    expect(scheduler.actions).toHaveLength(0);
  });
});
