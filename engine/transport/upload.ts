import { Observable, type SchedulerLike } from 'rxjs';
import { UPLOAD_TIMEOUT_MS } from '../constants';
import type { CallName, UploadData } from '../protocol';
import type { UploadFrame } from './visitorApi';
import { decodeUpload } from './decoders';
import { NetworkError, TimeoutError } from './errors';
import { unwrap } from './http';

/** The upload over XMLHttpRequest, whose upload events are its progress frames; same errors as `call`. */
export function xhrUpload(url: string, scheduler: SchedulerLike, form: FormData, XhrClass: typeof XMLHttpRequest): Observable<UploadFrame> {
  const name: CallName = 'upload';
  return new Observable<UploadFrame>((subscriber) => {
    const xhr = new XhrClass();
    let settled = false;
    const fail = (error: unknown) => {
      settled = true;
      timer.unsubscribe();
      subscriber.error(error);
    };
    const timer = scheduler.schedule(() => {
      if (settled) return;
      xhr.abort();
      fail(new TimeoutError(name, UPLOAD_TIMEOUT_MS, url));
    }, UPLOAD_TIMEOUT_MS);
    xhr.upload.addEventListener('progress', (e) => {
      if (!settled && e.lengthComputable && e.total > 0) subscriber.next({ kind: 'progress', fraction: e.loaded / e.total });
    });
    xhr.addEventListener('load', () => {
      if (settled) return;
      let data: UploadData;
      try {
        data = unwrap(name, xhr.status, xhr.responseText, decodeUpload, url);
      } catch (e) {
        fail(e);
        return;
      }
      settled = true;
      timer.unsubscribe();
      subscriber.next({ kind: 'done', data });
      subscriber.complete();
    });
    xhr.addEventListener('error', () => {
      if (!settled) fail(new NetworkError(name, 'network failure', url));
    });
    xhr.open('POST', url);
    xhr.send(form);
    return () => {
      timer.unsubscribe();
      if (!settled) {
        settled = true;
        xhr.abort();
      }
    };
  });
}
