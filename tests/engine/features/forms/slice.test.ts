import { describe, expect, it } from 'vitest';
import type { ChatState } from '#engine/core/state';
import { canOpenLeaveMessage, contactRequired, leaveMessageEditable, noAgentCanAnswer, userFormRequired } from '#engine/features/forms/predicates';
import { nobodyReads } from '#engine/features/robot/predicates';
import { formsCases } from '#engine/features/forms/slice';
import { ChatStatus, MessageStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import { channel } from '../../support/fixtures';
import { readyState, SESSION } from '../../support/effectSpec';

type Form = ChatState['leaveMessage'];
const WITH_FORM = channel({ userFormMode: 1 });
const OFFERED: Form = { offered: 'offline', open: false, sending: false, draft: null };
const OPEN: Form = { offered: 'offline', open: true, sending: false, draft: null };
const SENDING: Form = { offered: 'offline', open: true, sending: true, draft: null };
const form = (leaveMessage: Form) => readyState({ leaveMessage });

describe('forms predicates', () => {
  it('SPEC §4 chat status 1: the user form is owed while required, not once done', () => {
    expect(userFormRequired(readyState({ userForm: 'required' }))).toBe(true);
    expect(userFormRequired(readyState({ userForm: 'done' }))).toBe(false);
    expect(userFormRequired(readyState({ userForm: null }))).toBe(false);
  });

  it('SPEC §4 transfer 1 and 5: the leave-message form may be opened while offered and not open', () => {
    expect(canOpenLeaveMessage(form(OFFERED))).toBe(true);
    expect(canOpenLeaveMessage(form({ ...OFFERED, offered: 'outsideHours' }))).toBe(true);
    expect(canOpenLeaveMessage(form(OPEN))).toBe(false);
    expect(canOpenLeaveMessage(form({ offered: null, open: false, sending: false, draft: null }))).toBe(false);
  });

  it('issue 28: no agent can answer while the leave-message form is offered, for any reason', () => {
    expect(noAgentCanAnswer(form(OFFERED))).toBe(true);
    expect(noAgentCanAnswer(form({ ...OFFERED, offered: 'outsideHours' }))).toBe(true);
    expect(noAgentCanAnswer(form({ ...OFFERED, offered: 'noAgentOnline' }))).toBe(true);
    expect(noAgentCanAnswer(form({ offered: null, open: false, sending: false, draft: null }))).toBe(false);
  });

  it('issue 28: nobody reads a message where no agent can answer and no robot answers (a robot-first channel still answers)', () => {
    const agentOnly = channel({ receiveMode: ReceiveMode.Agent });
    expect(nobodyReads(readyState({ channel: agentOnly, leaveMessage: OFFERED }))).toBe(true);
    expect(nobodyReads(readyState({ channel: channel({ receiveMode: ReceiveMode.RobotFirst }), leaveMessage: OFFERED }))).toBe(false);
    expect(nobodyReads(readyState({ channel: agentOnly, leaveMessage: { ...OFFERED, offered: null } }))).toBe(false);
  });

  it('issue 28: a contact is required when the message that offered the form is on (the channel promised an answer)', () => {
    const offlineOn = channel({ adminOfflineMode: 1, adminOfflineMsg: 'Leave us a message' });
    const closedOn = channel({ unWorkingMode: 1, unWorkingMsg: 'We are closed' });
    expect(contactRequired(readyState({ channel: offlineOn, leaveMessage: OFFERED }))).toBe(true);
    expect(contactRequired(readyState({ channel: closedOn, leaveMessage: { ...OFFERED, offered: 'outsideHours' } }))).toBe(true);
    // The message is off: the form is offered, the answer not promised.
    expect(contactRequired(readyState({ channel: channel({ adminOfflineMode: 0, adminOfflineMsg: 'x' }), leaveMessage: OFFERED }))).toBe(false);
    expect(contactRequired(readyState({ channel: closedOn, leaveMessage: OFFERED }))).toBe(false);
    expect(contactRequired(readyState({ channel: offlineOn, leaveMessage: { ...OFFERED, offered: 'noAgentOnline' } }))).toBe(false);
  });

  it('the open form may be closed or submitted, except while its message is on its way', () => {
    expect(leaveMessageEditable(form(OPEN))).toBe(true);
    expect(leaveMessageEditable(form(SENDING))).toBe(false);
    expect(leaveMessageEditable(form(OFFERED))).toBe(false);
  });
});

describe('forms slice: the user form (SPEC §4 chat status 1)', () => {
  it.each<[string, ChatState['channel'], ChatStatus, ChatState['userForm']]>([
    ['status 1 on a channel with a user form owes the form', WITH_FORM, ChatStatus.FormCheck, 'required'],
    ['status 1 on a channel without a user form owes nothing', channel(), ChatStatus.FormCheck, null],
    ['status 0 owes nothing', WITH_FORM, ChatStatus.NotStarted, null],
    ['status 2 owes nothing', WITH_FORM, ChatStatus.InConversation, null],
  ])('%s', (_case, ch, status, expected) => {
    expect(formsCases.sessionStarted(readyState({ channel: ch }), { type: 'sessionStarted', session: SESSION, status }).userForm).toBe(expected);
  });

  it('a submitted form is done', () => {
    expect(formsCases.userFormDone(readyState({ userForm: 'required' }), { type: 'userFormDone' }).userForm).toBe('done');
  });
});

describe('forms slice: the leave-message form (SPEC §2, §4 transfer 1 and 5, §7 leaveMsg)', () => {
  it('an offer says why; the visitor opens it, and may close it again', () => {
    const offered = formsCases.leaveMessageOffered(readyState(), { type: 'leaveMessageOffered', reason: 'outsideHours' });
    expect(offered.leaveMessage).toEqual({ offered: 'outsideHours', open: false, sending: false, draft: null });
    const opened = formsCases.leaveMessageOpened(offered, { type: 'leaveMessageOpened' });
    expect(opened.leaveMessage).toMatchObject({ open: true, draft: null });
    // Opened by a text nobody would read: the text is carried over.
    expect(formsCases.leaveMessageOpened(offered, { type: 'leaveMessageOpened', draft: 'hello?' }).leaveMessage).toMatchObject({ open: true, draft: 'hello?' });
    expect(formsCases.leaveMessageClosed(opened, { type: 'leaveMessageClosed' }).leaveMessage.open).toBe(false);
  });

  it('opening what is not offered, closing or submitting what is not open, change nothing', () => {
    const none = form({ offered: null, open: false, sending: false, draft: null });
    expect(formsCases.leaveMessageOpened(none, { type: 'leaveMessageOpened' })).toBe(none);
    const closed = form(OFFERED);
    expect(formsCases.leaveMessageClosed(closed, { type: 'leaveMessageClosed' })).toBe(closed);
    expect(formsCases.leaveMessageSubmitted(closed, { type: 'leaveMessageSubmitted', values: {} })).toBe(closed);
  });

  it('a submission marks the form sending; while sending it can be neither closed nor submitted again', () => {
    expect(formsCases.leaveMessageSubmitted(form(OPEN), { type: 'leaveMessageSubmitted', values: {} }).leaveMessage).toEqual(SENDING);
    const sending = form(SENDING);
    expect(formsCases.leaveMessageClosed(sending, { type: 'leaveMessageClosed' })).toBe(sending);
    expect(formsCases.leaveMessageSubmitted(sending, { type: 'leaveMessageSubmitted', values: {} })).toBe(sending);
  });

  it('a delivered message shows in the chat and closes the form; a failed one leaves the form open to try again', () => {
    const message = createMessage({
      id: 'm1',
      senderType: SenderType.Visitor,
      msgType: MsgType.LeaveMessage,
      msgContent: 'Call me',
      createdAt: 0,
      status: MessageStatus.Sent,
    });
    const sent = formsCases.leaveMessageSent(form(SENDING), { type: 'leaveMessageSent', message });
    expect(sent.leaveMessage).toEqual(OFFERED);
    expect(sent.messages.map((m) => m.id)).toEqual(['m1']);
    expect(formsCases.leaveMessageFailed(form(SENDING), { type: 'leaveMessageFailed' }).leaveMessage).toEqual(OPEN);
  });

  it('an agent connecting withdraws the offer and closes the form; without an offer it changes nothing', () => {
    expect(formsCases.agentConnected(form(OPEN), { type: 'agentConnected' }).leaveMessage).toEqual({ offered: null, open: false, sending: false, draft: null });
    const none = form({ offered: null, open: false, sending: false, draft: null });
    expect(formsCases.agentConnected(none, { type: 'agentConnected' })).toBe(none);
  });
});
