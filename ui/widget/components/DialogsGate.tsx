import { useLingui } from '@lingui/react/macro';
import { EvaluationStatus, canEvaluate, noAgentCanAnswer, userFormRequired, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEvents, useChatSelector, useToasts } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';

/** Which forms the state asks for now (the evaluation stays mounted after a submission, to say thanks). */
export const wantedDialogs = (s: ChatState) => ({
  userForm: userFormRequired(s),
  groups: s.groupChoice !== null,
  leaveMessage: s.leaveMessage.open,
  evaluation: s.evaluation.status !== EvaluationStatus.None,
});

/** Whether anything of Dialogs shows: a form, or the bar that offers leaving a message or rating. */
const anyDialog = (s: ChatState): boolean => Object.values(wantedDialogs(s)).some(Boolean) || noAgentCanAnswer(s) || canEvaluate(s);

const Dialogs = lazyPart('dialogs', () => import('./Dialogs').then((m) => ({ default: m.Dialogs })));

/**
 * Reports by toast what the engine tells the visitor: the outcome of form submissions (SPEC §8
 * 'submission failed'), also after the form has gone; and, once, that unsent messages cannot be
 * stored on this device (storage full or blocked), so a reload would lose them.
 */
function useEngineToasts(): void {
  const { t } = useLingui();
  const { show } = useToasts();
  useChatEvents((e) => {
    if (e.type === 'submissionFailed') show('error', t`Submission failed`);
    else if (e.type === 'submissionSucceeded') show('success', t`Message sent. We will get back to you soon.`);
    else if (e.type === 'outboxNotKept') show('error', t`Unsent messages can't be saved on this device: reloading the page would lose them.`);
  });
}

/** The forms, dialogs and offers the chat state asks for (Dialogs), loaded when it first asks for one. */
export function DialogsGate() {
  useEngineToasts();
  return useChatSelector(anyDialog) ? <Dialogs /> : null;
}
