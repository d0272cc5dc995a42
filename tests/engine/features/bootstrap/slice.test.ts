import { describe, expect, it } from 'vitest';
import { bootstrapCases, type ChatError } from '#engine/features/bootstrap/slice';
import { channel } from '../../support/fixtures';
import { SESSION, stateWith } from '../../support/effectSpec';

describe('bootstrap slice: SPEC §2, §8 the start of the chat', () => {
  it('startRetried shows the start again (starting, no error) after an unreachable backend only; a start that succeeds clears the error', () => {
    const unreachableError: ChatError = { code: 'unreachable', call: 'chatStart', detail: 'offline' };
    const failed = stateWith({ phase: 'error', error: unreachableError });
    expect(bootstrapCases.startRetried(failed, { type: 'startRetried' })).toMatchObject({ phase: 'starting', error: null });
    const refused = stateWith({ phase: 'error', error: { code: 'unknownChannel', detail: 'nope' } });
    expect(bootstrapCases.startRetried(refused, { type: 'startRetried' })).toBe(refused);
    expect(bootstrapCases.sessionStarted(failed, { type: 'sessionStarted', session: SESSION, status: 0 })).toMatchObject({ phase: 'ready', error: null });
  });

  it('start() moves an idle chat to starting; once started, another start changes nothing', () => {
    const idle = stateWith();
    expect(idle.phase).toBe('idle');
    expect(bootstrapCases.start(idle, { type: 'start' }).phase).toBe('starting');
    for (const phase of ['starting', 'ready', 'error'] as const) {
      const started = stateWith({ phase });
      expect(bootstrapCases.start(started, { type: 'start' })).toBe(started);
    }
  });

  it('the loaded channel is kept; the session makes the chat ready', () => {
    const loaded = bootstrapCases.channelLoaded(stateWith({ phase: 'starting' }), { type: 'channelLoaded', channel: channel() });
    expect(loaded).toMatchObject({ phase: 'starting', channel: channel() });
    const ready = bootstrapCases.sessionStarted(loaded, { type: 'sessionStarted', session: SESSION, status: 0 });
    expect(ready).toMatchObject({ phase: 'ready', session: SESSION, channel: channel(), error: null });
  });

  it('SPEC §8: a failure is the page error state, with its code and detail; the channel stays', () => {
    const error: ChatError = { code: 'sessionFailed', detail: 'session store down' };
    const failed = bootstrapCases.failed(stateWith({ phase: 'starting', channel: channel() }), { type: 'failed', error });
    expect(failed).toMatchObject({ phase: 'error', error, channel: channel(), session: null });
  });
});
