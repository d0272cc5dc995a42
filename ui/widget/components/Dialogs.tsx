import { Trans } from '@lingui/react/macro';
import { noAgentCanAnswer, offersLeaveMessage, type ChatState } from '@visitor-chat/chat-engine';
import { shallowEqual, useChatEngine, useChatSelector, useEvaluation } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
import { LeaveMessageButton } from './LeaveMessageButton';
import { wantedDialogs } from './DialogsGate';
import './Dialogs.css';

// The forms are not part of the first screen: they load once it is done (or when the state first
// asks for one), so that a form shows at once when it is needed. One that cannot load says so in a
// dialog's frame, closed as the form would be (the required ones cannot be).
const UserForm = lazyPart('user form', () => import('./UserForm').then((m) => ({ default: m.UserForm })));
const GroupPicker = lazyPart('group picker', () => import('./GroupPicker').then((m) => ({ default: m.GroupPicker })));
const LeaveMessageForm = lazyPart('leave-message form', () => import('./LeaveMessageForm').then((m) => ({ default: m.LeaveMessageForm })));
const EvaluationDialog = lazyPart('evaluation', () => import('./EvaluationDialog').then((m) => ({ default: m.EvaluationDialog })));

/** Whether a leave-message offer is already in the conversation: a leavemsg bubble shows its own button (centred lines have none). */
const offerInMessages = (s: ChatState) => s.leaveMessage.offered === 'offline' && s.messages.some((m) => offersLeaveMessage(m) && m.position !== 'center');

/**
 * The forms and dialogs the chat state asks for (SPEC §2 "elements implied by state"), and the bar
 * above the composer that offers leaving a message or rating a finished conversation. Loaded on
 * demand (DialogsGate): most conversations need none.
 */
export function Dialogs() {
  const engine = useChatEngine();
  const { show: showEvaluation } = useEvaluation();
  const inMessages = useChatSelector(offerInMessages);
  const offered = useChatSelector(noAgentCanAnswer);
  const showOffer = offered && !inMessages;
  const want = useChatSelector(wantedDialogs, shallowEqual);
  return (
    <>
      {want.userForm && <UserForm dismiss={null} />}
      {want.groups && <GroupPicker dismiss={null} />}
      {want.leaveMessage && <LeaveMessageForm dismiss={engine.closeLeaveMessage} />}
      {want.evaluation && <EvaluationDialog dismiss={engine.dismissEvaluation} />}
      {(showOffer || showEvaluation) && (
        <div className="chat-actions">
          {showOffer && <LeaveMessageButton />}
          {showEvaluation && (
            <button type="button" className="offer-button" onClick={showEvaluation}>
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
