import { describe, expect, it } from 'vitest';
import { checkBackend } from '#engine/checker/checkBackend';
import type { CheckResult } from '#engine/checker/context';
import { PRESETS } from '../../server/presets';
import { fakeClock, referenceBackend } from './backends';

/** Runs the checker against a fresh reference backend on a fake clock. */
function check(channel: string, url = 'http://localhost:8080'): Promise<CheckResult[]> {
  return checkBackend({ url, channel, fetch: referenceBackend(), now: fakeClock().now });
}

const statusOf = (results: readonly CheckResult[], id: string) => results.find((r) => r.id === id)?.status;

describe('check-backend against the reference server', () => {
  it.each(Object.keys(PRESETS))('passes every check it can run on channel "%s" (nothing fails or warns)', async (channel) => {
    const results = await check(channel);
    expect(results.filter((r) => r.status === 'fail' || r.status === 'warn')).toEqual([]);
    // A skip always says why.
    for (const r of results.filter((s) => s.status === 'skip')) expect(r.detail).not.toBe('');
  });

  it('exercises the robot, the agent, polling and every extension on the robot-first demo channel', async () => {
    const results = await check('demo');
    const ran = results.filter((r) => r.status === 'pass').map((r) => r.id);
    expect(ran).toEqual(
      expect.arrayContaining(['robot-ask', 'transfer', 'admin-card', 'client-msg-id', 'poll', 'poll-timing', 'push', 'history-paging', 'cors']),
    );
    expect(results.find((r) => r.id === 'push')?.detail).toMatch(/^opened; the first batch \(\d+ events?, status 2\) came in 0 ms$/);
    expect(results.find((r) => r.id === 'robot-ask')?.detail).toMatch(/^an answer \(answermsg\)/);
  });

  it('checks the cards of the showcase history (docs/protocol.md "Cards"); a channel without cards skips it', async () => {
    expect((await check('showcase')).find((r) => r.id === 'cards')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/cards decode: .*carousel/),
    });
    expect((await check('demo')).find((r) => r.id === 'cards')?.status).toBe('skip');
  });

  it('runs the checks in the order the widget makes the calls: the transfer first on an agent channel, after the robot on a robot one', async () => {
    const order = (results: readonly CheckResult[]) => results.map((r) => r.id).filter((id) => id === 'transfer' || id === 'send-msg');
    expect(order(await check('agent'))).toEqual(['transfer', 'send-msg']);
    expect(order(await check('demo'))).toEqual(['send-msg', 'transfer']);
  });

  it('drives the channel the way the widget would: the user form before the transfer, a group picked, a queue polled', async () => {
    expect(statusOf(await check('form'), 'user-form')).toBe('pass');
    expect((await check('groups')).find((r) => r.id === 'transfer')?.detail).toContain('for group "sales"');
    const queued = await check('queue');
    expect(queued.find((r) => r.id === 'transfer')?.detail).toContain('3 (Queued): position 3');
    expect([statusOf(queued, 'poll'), statusOf(queued, 'msg-complete'), statusOf(queued, 'chat-close')]).toEqual(['pass', 'skip', 'pass']);
  });

  it('skips, with the reason, what a channel does not offer', async () => {
    const offline = await check('offline');
    expect(offline.find((r) => r.id === 'poll')?.detail).toBe(
      'chat status 0 after transferAgent answered 1 (Offline): the widget polls only in status 2 and 3 (with an agent or queued)',
    );
    expect((await check('no-groups')).find((r) => r.id === 'transfer')).toMatchObject({ status: 'skip', detail: expect.stringContaining('No agent online') });
    expect((await check('agent')).find((r) => r.id === 'robot-ask')?.status).toBe('skip');
  });

  it('accepts the API base already ending in the API prefix, and an unknown channel fails at the first check only', async () => {
    expect(statusOf(await check('agent', 'http://localhost:8080/api/chat/visitor/'), 'chat-start')).toBe('pass');
    const unknown = await check('no-such-channel');
    expect(unknown[0]).toMatchObject({ id: 'channel-info', status: 'fail', detail: 'refused: code 404, "channel not found"' });
    expect(unknown.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual(['channel-info']);
  });

  it('reports each result as soon as its check is done', async () => {
    const heard: string[] = [];
    const results = await checkBackend({
      url: 'http://localhost',
      channel: 'agent',
      fetch: referenceBackend(),
      now: fakeClock().now,
      onResult: (r) => heard.push(r.id),
    });
    expect(heard).toEqual(results.map((r) => r.id));
  });
});
