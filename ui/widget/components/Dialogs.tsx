import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { offersLeaveMessage, type ChatState } from '@visitor-chat/chat-engine';
import { shallowEqual, useChatSelector, useEvaluation } from '@visitor-chat/chat-react';
import { lazyPreloaded } from '../lazyPreloaded';
import { LeaveMessageButton } from './LeaveMessageButton';
import { wantedDialogs } from './DialogsGate';
import './Dialogs.css';

// The forms are not part of the first screen: they load once it is done (or when the state first
// asks for one), so that a form shows at once when it is needed.
const UserForm = lazyPreloaded(() => import('./UserForm').then((m) => ({ default: m.UserForm })), 'idle');
const GroupPicker = lazyPreloaded(() => import('./GroupPicker').then((m) => ({ default: m.GroupPicker })), 'idle');
const LeaveMessageForm = lazyPreloaded(() => import('./LeaveMessageForm').then((m) => ({ default: m.LeaveMessageForm })), 'idle');
const EvaluationDialog = lazyPreloaded(() => import('./EvaluationDialog').then((m) => ({ default: m.EvaluationDialog })), 'idle');

/** Whether a leave-message offer is already in the conversation: a leavemsg bubble shows its own button (centred lines have none). */
const offerInMessages = (s: ChatState) => s.leaveMessage.offered === 'offline' && s.messages.some((m) => offersLeaveMessage(m) && m.position !== 'center');

/**
 * The forms and dialogs the chat state asks for (SPEC §2 "elements implied by state"), and the bar
 * above the composer that offers leaving a message or rating a finished conversation. Loaded on
 * demand (DialogsGate): most conversations need none.
 */
export function Dialogs() {
  const { rate } = useEvaluation();
  const inMessages = useChatSelector(offerInMessages);
  const offered = useChatSelector((s) => s.leaveMessage.offered !== null);
  const showOffer = offered && !inMessages;
  const want = useChatSelector(wantedDialogs, shallowEqual);
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
