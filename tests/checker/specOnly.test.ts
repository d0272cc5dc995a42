import { describe, expect, it } from 'vitest';
import { checkBackend } from '#engine/checker/checkBackend';
import { EXIT, runCli } from '#engine/checker/runCli';
import { fakeClock, type Fetch, type Json } from './backends';

const ORIGIN = 'http://spec-only.test';
/** The calls this backend leaves out: the widget only logs their failure (docs/protocol.md §7). */
const LEFT_OUT = ['getAdminCard', 'msgComplete', 'typing', 'sysMsg', 'chatClose'];

/**
 * A backend written from SPEC §7 alone, with none of our choices or extensions: one agent channel
 * whose agent answers the transfer at once; no clientMsgId, eventId, push or CORS; upload answers a
 * path (SPEC §3 leaves it open) and serves the file there; a missing field is refused with code 400,
 * an unknown channel with 404; the calls of LEFT_OUT answer 501, and so does any other.
 */
function specOnlyBackend(): Fetch {
  const stored: Json[] = [];
  const files = new Map<string, string>();
  const envelope = (data: unknown, code = 200, message = 'ok') => Response.json({ code, message, data });
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (request.method === 'GET') return files.has(path) ? new Response(files.get(path)) : new Response('not found', { status: 404 });
    const call = path.replace('/api/chat/visitor/', '');
    if (call === 'upload') {
      const file = (await request.formData()).get('file') as File;
      const url = `/files/${files.size + 1}.txt`;
      files.set(url, await file.text());
      return envelope({ url });
    }
    const body = (await request.json()) as Json;
    const needs = (field: string) => (body[field] ? null : envelope(null, 400, `${field} is required`));
    switch (call) {
      case 'channelInfo':
        return body.id === 'support' ? envelope({ tenantId: 't1', titleDesc: 'Support', receiveMode: 3 }) : envelope(null, 404, 'channel not found');
      case 'chatStart':
        return needs('channelId') ?? envelope({ userId: 'v1', sessionId: 's1', pollId: 'p1', status: 0 });
      case 'transferAgent':
        return envelope({ status: 2, adminNick: 'Alice' });
      case 'sendMsg':
        stored.push({ ...body, id: `m${stored.length + 1}`, msgTime: 1_700_000_000_000 + stored.length });
        return envelope({ status: 1, id: `m${stored.length}` });
      case 'getHistoryMsg': {
        const older = typeof body.maxTime === 'number' ? stored.filter((m) => (m.msgTime as number) < (body.maxTime as number)) : stored;
        return needs('userId') ?? envelope(older);
      }
      case 'getEventMsg':
        return envelope({ msgList: [] });
      case 'getEvaluateInfo':
        return envelope({ starList: ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] });
      default:
        return envelope(null, 501, 'not implemented');
    }
  }) as Fetch;
}

describe('check-backend against a backend of the specification only (docs/protocol.md: a check fails where the widget would not work)', () => {
  it('the calls whose failure the widget only logs warn, saying what goes missing; a path for an upload warns; nothing fails', async () => {
    const results = await checkBackend({ url: ORIGIN, channel: 'support', fetch: specOnlyBackend(), now: fakeClock().now });
    expect(results.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.detail}`)).toEqual([]);
    for (const id of ['admin-card', 'msg-complete', 'typing', 'sys-msg', 'chat-close'])
      expect(results.find((r) => r.id === id)).toMatchObject({
        status: 'warn',
        detail: expect.stringMatching(/^refused: code 501, "not implemented"; the widget only logs it: .+/),
        fix: expect.stringMatching(/^answer \{"code":200/),
      });
    expect(results.find((r) => r.id === 'upload')).toMatchObject({
      status: 'warn',
      detail: `url "/files/1.txt" is relative: served at ${ORIGIN}/files/1.txt, where this widget resolves it; a client that resolves it against its own page gets another file`,
      fix: 'answer the absolute http(s) URL the file is served at (§3 File addresses)',
    });
  });

  it('the command exits 0: warnings only', async () => {
    let stdout = '';
    const code = await runCli(['check-backend', ORIGIN, '--channel', 'support'], {
      stdout: { write: (t) => (stdout += t) },
      stderr: { write: () => undefined },
      fetch: specOnlyBackend(),
      now: fakeClock().now,
    });
    expect(code).toBe(EXIT.ok);
    expect(stdout).toMatch(/26 checks: \d+ passed, 0 failed, \d+ warnings, \d+ skipped\n$/);
    for (const call of LEFT_OUT) expect(stdout).toMatch(new RegExp(`^WARN +${call}`, 'm'));
  });
});
