import { Observable, type SchedulerLike } from 'rxjs';
import { UPLOAD_TIMEOUT_MS } from '../constants';
import type { CallName, UploadData } from '../protocol';
import { decodeUpload } from './decoders';
import { NetworkError, TimeoutError } from './errors';
import { unwrap } from './http';

/** The upload over XMLHttpRequest, whose upload events report progress; same errors as `call`. */
export function xhrUpload(
  url: string,
  scheduler: SchedulerLike,
  form: FormData,
  onProgress: (fraction: number) => void,
  XhrClass: typeof XMLHttpRequest,
): Observable<UploadData> {
  const name: CallName = 'upload';
  return new Observable<UploadData>((subscriber) => {
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
      fail(new TimeoutError(name, UPLOAD_TIMEOUT_MS));
    }, UPLOAD_TIMEOUT_MS);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      if (settled) return;
      let data: UploadData;
      try {
        data = unwrap(name, xhr.status, xhr.responseText, decodeUpload);
      } catch (e) {
        fail(e);
        return;
      }
      settled = true;
      timer.unsubscribe();
      subscriber.next(data);
      subscriber.complete();
    });
    xhr.addEventListener('error', () => {
      if (!settled) fail(new NetworkError(name, `${name}: network failure`));
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
