import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { EvaluationStatus, offersLeaveMessage, userFormRequired, type ChatState } from '@visitor-chat/chat-engine';
import { shallowEqual, useChatEvents, useChatSelector, useEvaluation, useToasts } from '@visitor-chat/chat-react';
import { lazyPreloaded } from '../lazyPreloaded';
import { LeaveMessageButton } from './LeaveMessageButton';
import './Dialogs.css';

// The forms are not part of the first screen: they load once it is done (or when the state first
// asks for one), so that a form shows at once when it is needed.
const UserForm = lazyPreloaded(() => import('./UserForm').then((m) => ({ default: m.UserForm })), 'idle');
const GroupPicker = lazyPreloaded(() => import('./GroupPicker').then((m) => ({ default: m.GroupPicker })), 'idle');
const LeaveMessageForm = lazyPreloaded(() => import('./LeaveMessageForm').then((m) => ({ default: m.LeaveMessageForm })), 'idle');
const EvaluationDialog = lazyPreloaded(() => import('./EvaluationDialog').then((m) => ({ default: m.EvaluationDialog })), 'idle');

/** Which forms the state asks for now (the evaluation stays mounted after a submission, to say thanks). */
const wanted = (s: ChatState) => ({
  userForm: userFormRequired(s),
  groups: s.groupChoice !== null,
  leaveMessage: s.leaveMessage.open,
  evaluation: s.evaluation.status !== EvaluationStatus.None,
});

/** Whether a leave-message offer is already in the conversation: a leavemsg bubble shows its own button (centred lines have none). */
const offerInMessages = (s: ChatState) => s.leaveMessage.offered === 'offline' && s.messages.some((m) => offersLeaveMessage(m) && m.position !== 'center');

/** Reports the outcome of form submissions by toast (SPEC §8 'submission failed'). */
function useSubmissionToasts(): void {
  const { t } = useLingui();
  const { show } = useToasts();
  useChatEvents((e) => {
    if (e.type === 'submissionFailed') show('error', t`Submission failed`);
    else if (e.type === 'submissionSucceeded') show('success', t`Message sent. We will get back to you soon.`);
  });
}

/**
 * The forms and dialogs the chat state asks for (SPEC §2 "elements implied by state"), and the bar
 * above the composer that offers leaving a message or rating a finished conversation.
 */
export function Dialogs() {
  useSubmissionToasts();
  const { rate } = useEvaluation();
  const inMessages = useChatSelector(offerInMessages);
  const offered = useChatSelector((s) => s.leaveMessage.offered !== null);
  const showOffer = offered && !inMessages;
  const want = useChatSelector(wanted, shallowEqual);
  return (
    <>
      <Suspense fallback={null}>
        {want.userForm && <UserForm />}
        {want.groups && <GroupPicker />}
        {want.leaveMessage && <LeaveMessageForm />}
        {want.evaluation && <EvaluationDialog />}
      </Suspense>
      {(showOffer || rate) && (
        <div className="chat-actions">
          {showOffer && <LeaveMessageButton />}
          {rate && (
            <button type="button" className="offer-button" onClick={rate}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8Z" />
              </svg>
              <Trans>Rate this conversation</Trans>
            </button>
          )}
        </div>
      )}
    </>
  );
}
