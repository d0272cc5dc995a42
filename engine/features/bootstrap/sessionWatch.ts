import { Subject, tap, type Observable } from 'rxjs';
import type { VisitorApi } from '../../transport/visitorApi';
import { forgotSession } from './predicates';

/**
 * The transport, watched: when a call made within a session fails in a way that means the backend
 * forgot it (forgotSession), `lost$` emits the pollId of the session the call was made in, so that
 * one place hears of it whichever feature made the call. The call's own error goes on to its caller.
 *
 * Every call is listed, so a call added to VisitorApi does not compile until it is placed here.
 * Unwatched are the calls whose failure says nothing about the session to go on with: those that
 * make it, those about the channel alone, chatClose, which ends it (a session forgotten by then is
 * over anyway), and the push stream, whose refusal only means polling instead (the polls then tell
 * whether it was forgotten).
 */
export function watchSession(api: VisitorApi, currentPollId: () => string | undefined): { api: VisitorApi; lost$: Observable<string> } {
  const lost$ = new Subject<string>();
  const watch =
    <R, T>(call: (request: R) => Observable<T>) =>
    (request: R): Observable<T> => {
      // The session the call is made in (calls are made when their Observable is needed).
      const pollId = currentPollId();
      return call(request).pipe(
        tap({
          error: (e: unknown) => {
            if (pollId !== undefined && forgotSession(e)) lost$.next(pollId);
          },
        }),
      );
    };
  const { eventStream } = api;
  const watched: VisitorApi = {
    channelInfo: (req) => api.channelInfo(req),
    chatStart: (req) => api.chatStart(req),
    getEvaluateInfo: (req) => api.getEvaluateInfo(req),
    robotTips: (req) => api.robotTips(req),
    chatClose: (req) => api.chatClose(req),
    ...(eventStream && { eventStream: (req) => eventStream.call(api, req) }),
    transferAgent: watch((req) => api.transferAgent(req)),
    getAdminCard: watch((req) => api.getAdminCard(req)),
    getHistoryMsg: watch((req) => api.getHistoryMsg(req)),
    getSessionMsg: watch((req) => api.getSessionMsg(req)),
    getOfflineMsg: watch((req) => api.getOfflineMsg(req)),
    getEventMsg: watch((req) => api.getEventMsg(req)),
    sysMsg: watch((req) => api.sysMsg(req)),
    sendMsg: watch((req) => api.sendMsg(req)),
    msgComplete: watch((req) => api.msgComplete(req)),
    evaluate: watch((req) => api.evaluate(req)),
    submitUserForm: watch((req) => api.submitUserForm(req)),
    typing: watch((req) => api.typing(req)),
    leaveMsg: watch((req) => api.leaveMsg(req)),
    addSessionMsg: watch((req) => api.addSessionMsg(req)),
    robotAsk: watch((req) => api.robotAsk(req)),
    upload: watch((req) => api.upload(req)),
    uploadBase64: watch((req) => api.uploadBase64(req)),
  };
  return { api: watched, lost$: lost$.asObservable() };
}
