import { Subscription, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_TIMEOUT_MS } from '#engine/constants';
import { createVisitorApi, type UploadFrame } from '#engine/transport/visitorApi';

/** The part of XMLHttpRequest the upload uses, driven by the test. */
class FakeXhr {
  static last: FakeXhr | undefined;
  status = 0;
  responseText = '';
  aborted = false;
  sent: FormData | undefined;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  constructor() {
    FakeXhr.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.events.addEventListener(type, listener);
  }
  open() {}
  send(form: FormData) {
    this.sent = form;
  }
  abort() {
    this.aborted = true;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

function start() {
  const scheduler = new VirtualTimeScheduler();
  const api = createVisitorApi({ scheduler, XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest });
  const frames: UploadFrame[] = [];
  let error: unknown;
  const sub: Subscription = api
    .upload({ userId: 'u1', file: new Blob(['png']), fileName: 'cat.png' })
    .subscribe({ next: (f) => frames.push(f), error: (e: unknown) => (error = e) });
  const xhr = FakeXhr.last as FakeXhr;
  return { scheduler, frames, xhr, sub, error: () => error };
}

describe('SPEC §7 upload over XMLHttpRequest: frames as the push stream has them', () => {
  it('a progress frame for each progress event, then one done frame with the answer, then complete', () => {
    const { frames, xhr } = start();
    expect(xhr.sent?.get('userId')).toBe('u1');
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, { code: 200, data: { url: '/f/cat.png', name: 'cat.png', suffix: 'png' } });
    expect(frames).toEqual([
      { kind: 'progress', fraction: 0.25 },
      { kind: 'progress', fraction: 1 },
      { kind: 'done', data: { url: '/f/cat.png', name: 'cat.png', suffix: 'png' } },
    ]);
  });

  it('progress of unknown length is no frame; unsubscribing aborts the request', () => {
    const { frames, xhr, sub } = start();
    xhr.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: false, loaded: 3, total: 0 }));
    sub.unsubscribe();
    expect(frames).toEqual([]);
    expect(xhr.aborted).toBe(true);
  });

  it('SPEC §9: no answer within 60 s aborts it with a TimeoutError, and later progress is no frame', () => {
    const { scheduler, frames, xhr, error } = start();
    scheduler.flush();
    expect(xhr.aborted).toBe(true);
    expect(error()).toMatchObject({ call: 'upload', timeoutMs: UPLOAD_TIMEOUT_MS });
    xhr.progress(1, 2);
    expect(frames).toEqual([]);
  });
});
