import { distinctUntilChanged, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createChatEngine } from '#engine/engine';
import { MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import type { SendMsgData, UploadData } from '#engine/protocol';
import { ApiError } from '#engine/transport/errors';
import type { UploadFrame, VisitorApi } from '#engine/transport/visitorApi';
import { answers } from '../support/fakeApi';
import { CHANNEL_ID, IND, USER_ID, at, indicatorOf, logSpy, newScheduler, readyApi, sequentialIds, type RunHelpers } from '../support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;
const URL = '/api/chat/visitor/files/f1.png';
const UPLOADED: UploadData = { url: URL, name: 'cat.png', suffix: 'png' };
const DONE: UploadFrame = { kind: 'done', data: UPLOADED };
const progressFrame = (fraction: number): UploadFrame => ({ kind: 'progress', fraction });
const SENT: SendMsgData = { status: 1 };

const bytes = (n: number) => new Blob([new Uint8Array(n)]);

/**
 * The ready API of these journeys: on this robot-first channel every visitor message, a file too,
 * gets a robot answer once sent (SPEC §4 Receive mode 0); here one that never comes.
 */
const fileApi = (cold: RunHelpers['cold'], overrides: Partial<VisitorApi> = {}) => readyApi(cold, { robotAsk: () => cold('-'), ...overrides });

describe('SPEC §4 Sending: a file is uploaded first, then sent', () => {
  it('uploads (with progress), then sends the message with the returned url; sent when status is 1', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fileApi(cold, {
        // Called at 10 ms: progress at 60 ms.
        upload: () => cold('50ms p 49ms (u|)', { p: progressFrame(0.504), u: DONE }),
        sendMsg: () => cold('50ms (r|)', { r: SENT }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      const progress$ = engine.state$.pipe(
        map((s) => s.messages.find((m) => m.id === 'm1')?.upload?.progress ?? 'n'),
        distinctUntilChanged(),
      );
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 149ms s', IND);
      expectObservable(progress$).toBe('n 59ms h 49ms n', { n: 'n', h: 0.5 });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => expect(engine.sendFile(bytes(3), 'cat.png', { previewUrl: 'blob:local/1' })).toEqual({ id: 'm1' }));
      flush();
      const [up] = fake.bodies('upload');
      expect(up).toMatchObject({ userId: USER_ID, fileName: 'cat.png' });
      expect(up?.file.size).toBe(3);
      expect(fake.bodies('sendMsg')).toEqual([
        expect.objectContaining({ userId: USER_ID, msgType: MsgType.Image, fileName: 'cat.png', fileSize: 3, fileUrl: URL, msgContent: URL }),
      ]);
      // The wire message carries no local preview and no file.
      expect(fake.bodies('sendMsg')[0]).not.toHaveProperty('localUrl');
      const m = engine.getSnapshot().messages[0];
      expect(m).toMatchObject({ status: MessageStatus.Sent, fileUrl: URL, localUrl: 'blob:local/1' });
      expect(m?.upload).toBeUndefined();
      // SPEC §4 Receive mode 0: a file is a question for the robot too, asked with its URL and kind once sent.
      expect(fake.bodies('robotAsk')).toEqual([{ userId: USER_ID, channelId: CHANNEL_ID, question: URL, msgType: MsgType.Image }]);
    });
  });

  it('docs/protocol.md §3 File addresses: with apiBase on another origin, a relative upload url is sent and shown as an absolute URL on the API origin', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fileApi(cold, { upload: () => cold('(u|)', { u: DONE }), sendMsg: () => cold('(r|)', { r: SENT }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, apiBase: 'https://api.example', scheduler, newId: sequentialIds() });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendFile(bytes(3), 'cat.png'));
      flush();
      const absolute = `https://api.example${URL}`;
      expect(fake.bodies('sendMsg')).toEqual([expect.objectContaining({ fileUrl: absolute, msgContent: absolute })]);
      expect(engine.getSnapshot().messages[0]).toMatchObject({ status: MessageStatus.Sent, fileUrl: absolute });
    });
  });

  it('an upload failure marks the message fail and sends nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const log = logSpy();
      const fake = fileApi(cold, { upload: () => cold<UploadFrame>('100ms #', undefined, new ApiError('upload', 500, 'upload failed')) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds(), log });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 99ms f', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendFile(bytes(3), 'fail.png'));
      flush();
      expect(fake.count('sendMsg')).toBe(0);
      expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('upload failed'));
    });
  });

  it('retry after an upload failure uploads again, then sends', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fileApi(cold, {
        upload: answers(cold<UploadFrame>('100ms #'), cold('200ms (u|)', { u: DONE })),
        sendMsg: () => cold('(r|)', { r: SENT }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds(), log: logSpy() });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 99ms f 889ms p 199ms s', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendFile(bytes(3), 'cat.png'));
      at(scheduler, 1000, () => engine.retry('m1'));
      flush();
      expect(fake.count('upload')).toBe(2);
      expect(fake.count('sendMsg')).toBe(1);
    });
  });

  it('sendMsg answering a status other than 1 marks the message fail; a retry sends again without uploading', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fileApi(cold, {
        upload: () => cold('100ms (u|)', { u: DONE }),
        sendMsg: answers(cold('(r|)', { r: { status: 0 } }), cold('(r|)', { r: SENT })),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 99ms f 889ms (ps)', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendFile(bytes(3), 'notes.pdf'));
      at(scheduler, 1000, () => engine.retry('m1'));
      flush();
      expect(fake.count('upload')).toBe(1);
      expect(fake.bodies('sendMsg').map((b) => [b.msgType, b.fileUrl])).toEqual([
        [MsgType.File, URL],
        [MsgType.File, URL],
      ]);
    });
  });

  it('an upload longer than 12 s still sends: the 12 s delivery limit counts from the send', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      // 20 s upload: longer than the delivery cycle's 12 s, which only counts the send.
      const fake = fileApi(cold, { upload: () => cold('20s (u|)', { u: DONE }), sendMsg: () => cold('(r|)', { r: SENT }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 19999ms s', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendFile(bytes(3), 'movie.mp4'));
    });
  });

  it('a file over maxFileSize is refused before any upload and adds no message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fileApi(cold, { upload: () => cold<UploadFrame>('-') });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds(), maxFileSize: 100 });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => expect(engine.sendFile(bytes(101), 'big.png')).toEqual({ error: 'tooLarge', limit: 100, size: 101 }));
      at(scheduler, 20, () => expect(engine.sendFile(bytes(100), 'ok.png')).toEqual({ id: 'm1' }));
      flush();
      expect(fake.bodies('upload').map((b) => b.fileName)).toEqual(['ok.png']);
      // The visitor's messages: the one file sent (the robot's answer to it awaits beside it).
      expect(engine.getSnapshot().messages.map((m) => m.fileName ?? m.senderType)).toEqual(['ok.png', SenderType.Robot]);
    });
  });

  it('the default limit is 10 MB', () => {
    const engine = createChatEngine({ query: QUERY, newId: sequentialIds() });
    expect(engine.sendFile(bytes(10 * 1024 * 1024 + 1), 'big.mov')).toEqual({ error: 'tooLarge', limit: 10 * 1024 * 1024, size: 10 * 1024 * 1024 + 1 });
    engine.dispose();
    expect(engine.sendFile(bytes(1), 'a.png')).toEqual({ error: 'disposed' });
  });

  it('a voice recording (audioDuration) is an audio message whatever its extension', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fileApi(cold, { upload: () => cold('(u|)', { u: DONE }), sendMsg: () => cold('(r|)', { r: SENT }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendFile(bytes(3), 'voice.webm', { audioDuration: 4 }));
      flush();
      expect(fake.bodies('sendMsg')).toEqual([expect.objectContaining({ msgType: MsgType.Audio, audioDuration: 4, fileName: 'voice.webm' })]);
    });
  });

  it('a file sent before start() is uploaded once the session exists', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fileApi(cold, { upload: () => cold('100ms (u|)', { u: DONE }), sendMsg: () => cold('(r|)', { r: SENT }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      engine.sendFile(bytes(3), 'cat.png');
      expectObservable(indicatorOf(engine)).toBe('p 109ms s', IND);
      at(scheduler, 10, () => engine.start());
      flush();
      expect(fake.count('upload')).toBe(1);
      expect(fake.count('sendMsg')).toBe(1);
    });
  });
});
