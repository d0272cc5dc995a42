import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { robot } from '#engine/features/robot/effect';
import { MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import type { RobotFrame } from '#engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { answerFrame, at, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';

/**
 * Streamed robot answers in virtual time (docs/protocol.md "Streamed answers"): robotAsk's
 * frames as the transport hands them over, the robot effect's results, and the state they make.
 */

const question = (status: MessageStatus = MessageStatus.Sent): ChatMessage =>
  createMessage({ id: 'q1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'When do you open?', createdAt: 0, status });

/** The frames robotAsk hands over. */
const f = {
  r: { type: 'reasoning', part: 'r1', delta: 'The hours ' },
  R: { type: 'reasoning', part: 'r1', delta: 'are in the FAQ.' },
  t: { type: 'text', part: 't1', delta: 'We open' },
  T: { type: 'text', part: 't1', delta: ' at nine.' },
  u: { type: 'text', part: 't2', delta: 'See you!' },
  s: { type: 'source', source: { url: 'https://shop.example/hours', title: 'Opening hours' } },
  S: { type: 'source', source: { url: 'https://shop.example/hours' } },
  m: { type: 'metadata', metadata: { msgType: MsgType.Answer, suggestions: ['And close?'] } },
  k: { type: 'alive' },
  f: { type: 'finish' },
  e: { type: 'error', errorText: 'model overloaded' },
  x: { type: 'abort' },
  j: answerFrame({ msgContent: 'We open at nine.' }),
} satisfies Record<string, RobotFrame>;

const delta = (frame: keyof typeof f, at: number): Intent => ({ type: 'robotStreamed', id: 'm1', delta: f[frame] as never, at });

/** The intents the effect hears and emits. */
const v = {
  s: { type: 'sendSucceeded', id: 'q1' },
  V: { type: 'visitorSent', message: question(MessageStatus.Pending) },
  F: { type: 'sendFailed', id: 'q1' },
  Y: { type: 'retry', id: 'q1' },
  p: { type: 'robotPending', id: 'm1', questionId: 'q1', createdAt: 0 },
  P: { type: 'robotPending', id: 'm2', questionId: 'q1', createdAt: 200 },
} satisfies Record<string, Intent>;

describe('robot effect: a streamed answer (docs/protocol.md "Streamed answers")', () => {
  it('reasoning fills the thinking block, the thinking ends when the text starts, the text grows delta by delta; finish makes it the answer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      //                                   1 s        2 s        3 s       3.1 s    3.2 s  3.3 s
      const stream = cold('                1000ms r 999ms R 999ms t 99ms T 99ms s 99ms (mf)', f);
      const api = fakeApi({ robotAsk: () => stream });
      const intents = cold('s', v);
      const expected = '                   p 999ms a 999ms b 999ms c 99ms d 99ms e 99ms (gF)';
      const run = runEffect(robot, readyState({ messages: [question()] }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, {
        p: v.p,
        a: delta('r', 1000),
        b: delta('R', 2000),
        c: delta('t', 3000),
        d: delta('T', 3100),
        e: delta('s', 3200),
        g: delta('m', 3300),
        F: { type: 'robotFinished', id: 'm1', createdAt: 3300 },
      });
      let listDuringStream: readonly ChatMessage[] = [];
      at(scheduler, 1500, () => {
        expect(run.getState().answers.m1).toMatchObject({ phase: 'thinking', reasoning: 'The hours ', text: '', startedAt: 0 });
        expect(run.getState().answers.m1?.thoughtMs).toBeUndefined();
        listDuringStream = run.getState().messages;
      });
      at(scheduler, 3050, () => {
        expect(run.getState().answers.m1).toMatchObject({ phase: 'streaming', reasoning: 'The hours are in the FAQ.', text: 'We open', thoughtMs: 3000 });
        // A delta changes the answer's record, not the message list: the list keeps its identity.
        expect(run.getState().messages).toBe(listDuringStream);
        expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', awaiting: true, msgContent: '' });
      });
      flush();

      expect(run.getState().answers.m1).toMatchObject({
        phase: 'done',
        text: 'We open at nine.',
        sources: [{ url: 'https://shop.example/hours', title: 'Opening hours' }],
        thoughtMs: 3000,
      });
      const answer = run.getState().messages.at(-1);
      expect(answer).toMatchObject({
        id: 'm1',
        msgType: MsgType.Answer,
        msgContent: 'We open at nine.',
        suggestions: [{ name: 'And close?', code: 'And close?' }],
        thoughtMs: 3000,
        createdAt: 3300,
      });
      expect(answer?.awaiting).toBeUndefined();
    });
  });

  it('two text parts are joined by a blank line; a source already shown is not shown twice', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ robotAsk: () => cold('-t-T-u-s-S-f', f) });
      const run = runEffect(robot, readyState({ messages: [question()] }), cold('s', v), { api: api.api, scheduler });
      run.output$.subscribe();
      flush();
      expect(run.getState().answers.m1).toMatchObject({
        text: 'We open at nine.\n\nSee you!',
        sources: [{ url: 'https://shop.example/hours', title: 'Opening hours' }],
      });
    });
  });

  it('frames of no interest (alive: starts, ends, steps, unknown types) are ignored but keep the stream from stalling', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ robotAsk: () => cold('100ms t 14999ms k 14999ms k 14999ms f', f) });
      const expected = '                                   p 99ms a 44999ms F';
      expectObservable(runEffect(robot, readyState({ messages: [question()] }), cold('s', v), { api: api.api, scheduler }).output$).toBe(expected, {
        p: v.p,
        a: delta('t', 100),
        F: { type: 'robotFinished', id: 'm1', createdAt: 45_100 },
      });
    });
  });

  it('a stream silent for exactly 20 s fails then — not a frame earlier — with what arrived, and a log line', () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const stream = cold('100ms t', f);
      const api = fakeApi({ robotAsk: () => stream });
      const expected = '   p 99ms a 19999ms i';
      const run = runEffect(robot, readyState({ messages: [question()] }), cold('s', v), { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, { p: v.p, a: delta('t', 100), i: { type: 'robotInterrupted', id: 'm1', failure: 'stalled', at: 20_100 } });
      flush();
      // The ask is let go of (the transport aborts the request).
      expect(stream.subscriptions.map((s) => s.unsubscribedFrame)).toEqual([20_100]);
      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', msgContent: 'We open', interrupted: true, thoughtMs: 100 });
      expect(run.getState().answers.m1).toMatchObject({ phase: 'failed', failure: 'stalled', text: 'We open' });
    });
    expect(logLines(log)).toEqual(['robotAsk: no frame for 20000 ms']);
  });

  it("no frame at all within 20 s is the 'robotUnavailable' notice, as a failed call", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: () => cold('-') });
      const run = runEffect(robot, readyState({ messages: [question()] }), cold('s', v), { api: api.api, scheduler });
      expectObservable(run.output$).toBe('p 19999ms f', { p: v.p, f: { type: 'robotFailed', id: 'm1' } });
      flush();
      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', senderType: SenderType.System, notice: { id: 'robotUnavailable' } });
      expect(run.getState().answers.m1).toBeUndefined();
    });
  });

  it.each<[string, string, Intent]>([
    ['a stream that ends without finish (cut)', '100ms t 99ms |', { type: 'robotInterrupted', id: 'm1', failure: 'cut', at: 200 }],
    [
      'a connection lost mid-stream (cut)',
      '100ms t 99ms #',
      { type: 'robotInterrupted', id: 'm1', failure: 'cut', errorText: 'robotAsk: terminated', at: 200 },
    ],
    ['an error frame', '100ms t 99ms e', { type: 'robotInterrupted', id: 'm1', failure: 'error', errorText: 'model overloaded', at: 200 }],
    ['an abort frame', '100ms t 99ms x', { type: 'robotInterrupted', id: 'm1', failure: 'aborted', at: 200 }],
  ])('%s ends the answer with what arrived, failed', (_name, frames, interrupted) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: () => cold(frames, f, new Error('robotAsk: terminated')) });
      const run = runEffect(robot, readyState({ messages: [question()] }), cold('s', v), { api: api.api, scheduler });
      expectObservable(run.output$).toBe('p 99ms a 99ms i', { p: v.p, a: delta('t', 100), i: interrupted });
      flush();
      const answer = run.getState().messages.at(-1);
      expect(answer).toMatchObject({ id: 'm1', senderType: SenderType.Robot, msgContent: 'We open', interrupted: true });
      expect(answer?.awaiting).toBeUndefined();
      expect(run.getState().answers.m1?.phase).toBe('failed');
    });
  });

  it('Retry asks the same question again into the same bubble: the new answer replaces what arrived before', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: answers(cold('100ms t 99ms e', f), cold('50ms r 49ms t 49ms T 49ms f', f)) });
      const retried: Intent = { type: 'answerRetried', id: 'm1', at: 300 };
      const intents = cold('s 299ms R', { s: v.s, R: retried });
      const expected = '    p 99ms a 99ms i 99ms - 49ms b 49ms c 49ms d 49ms F';
      const run = runEffect(robot, readyState({ messages: [question()] }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, {
        p: v.p,
        a: delta('t', 100),
        i: { type: 'robotInterrupted', id: 'm1', failure: 'error', errorText: 'model overloaded', at: 200 },
        b: delta('r', 350),
        c: delta('t', 400),
        d: delta('T', 450),
        F: { type: 'robotFinished', id: 'm1', createdAt: 500 },
      });
      at(scheduler, 301, () => {
        expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', awaiting: true, msgContent: '' });
        expect(run.getState().answers.m1).toMatchObject({ phase: 'pending', text: '', startedAt: 300 });
      });
      flush();

      expect(api.bodies('robotAsk')).toHaveLength(2);
      expect(api.bodies('robotAsk')[1]).toEqual(api.bodies('robotAsk')[0]);
      expect(run.getState().messages.filter((m) => m.senderType === SenderType.Robot)).toHaveLength(1);
      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', msgContent: 'We open at nine.', thoughtMs: 100 });
      expect(run.getState().messages.at(-1)?.interrupted).toBeUndefined();
    });
  });

  it('a JSON answer is read as before: whole, at once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: () => cold('40ms (j|)', f) });
      const run = runEffect(robot, readyState({ messages: [question()] }), cold('s', v), { api: api.api, scheduler });
      expectObservable(run.output$).toBe('p 39ms a', {
        p: v.p,
        a: { type: 'robotAnswered', id: 'm1', answer: { msgContent: 'We open at nine.' }, createdAt: 40 },
      });
      flush();
      expect(run.getState().answers.m1).toMatchObject({ phase: 'done', text: 'We open at nine.', thoughtMs: 40 });
    });
  });
});

describe('robot effect: the pending answer shows when the question is sent; the robot is asked once it was', () => {
  it('on the send at once; a send that fails takes it out and asks no robot; the retry shows it again and its success asks', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: () => cold('(j|)', f) });
      //                    0 ms   100 ms    200 ms   300 ms
      const intents = cold('V 99ms F 99ms   Y 99ms   s', v);
      const expected = '    p 99ms - 99ms   P 99ms   a';
      const run = runEffect(robot, readyState(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, {
        p: v.p,
        P: v.P,
        a: { type: 'robotAnswered', id: 'm2', answer: { msgContent: 'We open at nine.' }, createdAt: 300 },
      });
      at(scheduler, 150, () => {
        expect(run.getState().messages.map((m) => m.id)).toEqual(['q1']);
        expect(run.getState().answers).toEqual({});
        expect(api.count('robotAsk')).toBe(0);
      });
      flush();
      expect(api.count('robotAsk')).toBe(1);
      expect(run.getState().messages.map((m) => m.id)).toEqual(['q1', 'm2']);
    });
  });
});
