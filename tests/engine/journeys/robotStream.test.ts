import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createChatEngine } from '#engine/engine';
import { MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { createVisitorApi } from '#engine/transport/visitorApi';
import { answerChunks, modelStreamResponse, uiStreamResponse } from '../../support/robotStreams';
import { logSpy, sequentialIds } from '../support/fixtures';

/**
 * A streamed robot answer through the whole engine and its fetch transport, from streams the AI SDK
 * makes (docs/protocol.md "Streamed answers"), in real time: a backend built on the SDK plugs in.
 */

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, data }), { headers: { 'content-type': 'application/json' } });

/** A backend of JSON envelopes whose robotAsk answers with `robot()`. */
function backend(robot: () => Response) {
  const asked: unknown[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = String(input).split('/').pop();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    switch (call) {
      case 'channelInfo':
        return Promise.resolve(envelope({ tenantId: 't1', receiveMode: ReceiveMode.RobotFirst, robotName: 'Robo' }));
      case 'chatStart':
        return Promise.resolve(envelope({ userId: 'u-1', sessionId: 's-1', pollId: 'p-1', status: 0 }));
      case 'getHistoryMsg':
        return Promise.resolve(envelope([]));
      case 'sendMsg':
        return Promise.resolve(envelope({ status: 1 }));
      case 'robotAsk':
        asked.push(body);
        return Promise.resolve(robot());
      default:
        return Promise.resolve(envelope(null));
    }
  };
  return { api: createVisitorApi({ fetch: fetch as typeof globalThis.fetch }), asked };
}

describe('a streamed robot answer through the engine (AI SDK UI message stream)', () => {
  it('text, reasoning and http(s) sources become the answer; a source that is not http(s) is dropped', async () => {
    const { api, asked } = backend(() =>
      uiStreamResponse(
        answerChunks({
          reasoning: ['Checking ', 'the hours.'],
          deltas: ['We open ', 'at nine.'],
          sources: [{ url: 'https://shop.example/hours', title: 'Opening hours' }, { url: 'javascript:alert(1)' }, { url: 'https://shop.example/faq' }],
          metadata: { msgType: 'answermsg' },
        }),
      ),
    );
    const engine = createChatEngine({ query: '?channelid=demo', api, newId: sequentialIds(), log: logSpy() });
    engine.start();
    await firstValueFrom(engine.state$.pipe(filter((s) => s.history.newest)));
    engine.sendText('When do you open?');
    const done = await firstValueFrom(engine.state$.pipe(filter((s) => s.answers.m2?.phase === 'done')));
    engine.dispose();

    expect(asked).toEqual([{ userId: 'u-1', channelId: 'demo', question: 'When do you open?', msgType: MsgType.Text }]);
    expect(done.answers.m2).toMatchObject({
      text: 'We open at nine.',
      reasoning: 'Checking the hours.',
      sources: [{ url: 'https://shop.example/hours', title: 'Opening hours' }, { url: 'https://shop.example/faq' }],
    });
    expect(done.messages.at(-1)).toMatchObject({ id: 'm2', msgType: 'answermsg', msgContent: 'We open at nine.' });
  });

  it("a model's answer through streamText (the mock model of ai/test), and a stream that breaks off with an error frame", async () => {
    let n = 0;
    const { api } = backend(() => {
      n += 1;
      return n === 1
        ? uiStreamResponse([
            { type: 'start' },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'We op' },
            { type: 'error', errorText: 'overloaded' },
          ])
        : modelStreamResponse({ reasoning: 'Looking it up.', text: ['Nine ', 'to six.'], sources: ['https://a.example/', 'https://b.example/'] });
    });
    const engine = createChatEngine({ query: '?channelid=demo', api, newId: sequentialIds(), log: logSpy() });
    engine.start();
    await firstValueFrom(engine.state$.pipe(filter((s) => s.history.newest)));
    engine.sendText('Hours?');
    const failed = await firstValueFrom(engine.state$.pipe(filter((s) => s.answers.m2?.phase === 'failed')));
    expect(failed.messages.at(-1)).toMatchObject({ id: 'm2', msgContent: 'We op', interrupted: true });

    engine.retryAnswer('m2');
    const done = await firstValueFrom(engine.state$.pipe(filter((s) => s.answers.m2?.phase === 'done')));
    engine.dispose();
    expect(done.answers.m2).toMatchObject({
      text: 'Nine to six.',
      reasoning: 'Looking it up.',
      sources: [{ url: 'https://a.example/' }, { url: 'https://b.example/' }],
    });
    expect(done.messages.filter((m) => m.senderType === SenderType.Robot)).toHaveLength(1);
  });
});
