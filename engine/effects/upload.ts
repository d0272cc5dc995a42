import { EMPTY, Observable, catchError, filter, first, map, mergeMap, of, switchMap, takeUntil } from 'rxjs';
import type { Intent } from '../state';
import type { VisitorApi } from '../transport/visitorApi';
import { describe, ofType, type Effect } from './context';

/** Progress is kept to whole percents, so that a fast stream of progress events re-renders little. */
const PERCENT = 100;

/**
 * SPEC §4 Sending, §7 upload: a visitor file is uploaded first (multipart, 60 s), once a session
 * exists; success sets its fileUrl (`uploaded`), after which delivery sends the message through the
 * usual cycle. A failure marks it fail (SPEC §8); a retry of a message not yet uploaded uploads again
 * and replaces any upload still running. Listed before delivery, so it hears the retries that
 * delivery raises at start for messages sent before start().
 */
export const upload: Effect = ({ intent$, state$, getState, api, log }) =>
  intent$.pipe(
    ofType('visitorSent', 'retry'),
    map((intent) => (intent.type === 'visitorSent' ? intent.message.id : intent.id)),
    filter((id) => getState().messages.some((m) => m.id === id && m.upload)),
    mergeMap((id) => {
      const again$ = intent$.pipe(filter((i) => i.type === 'retry' && i.id === id));
      return state$.pipe(
        first((s) => s.session !== null),
        switchMap((s) => {
          const message = s.messages.find((m) => m.id === id);
          if (!message?.upload || !s.session) return EMPTY;
          return uploadOne(api, id, { userId: s.session.userId, file: message.upload.file, fileName: message.fileName ?? '' }).pipe(
            catchError((e: unknown) => {
              log.warn(`upload failed: ${describe(e)}`);
              return of<Intent>({ type: 'uploadFailed', id });
            }),
          );
        }),
        takeUntil(again$),
      );
    }),
  );

/** One upload: `uploadProgressed` whenever the transport reports a new percent, then `uploaded`. */
function uploadOne(api: VisitorApi, id: string, req: { userId: string; file: Blob; fileName: string }): Observable<Intent> {
  return new Observable<Intent>((subscriber) => {
    let last = -1;
    const onProgress = (fraction: number) => {
      const progress = Math.round(Math.min(1, Math.max(0, fraction)) * PERCENT) / PERCENT;
      if (progress === last) return;
      last = progress;
      subscriber.next({ type: 'uploadProgressed', id, progress });
    };
    const call = api.upload({ ...req, onProgress }).subscribe({
      next: (data) => subscriber.next({ type: 'uploaded', id, fileUrl: data.url }),
      error: (e: unknown) => subscriber.error(e),
      complete: () => subscriber.complete(),
    });
    return () => call.unsubscribe();
  });
}
