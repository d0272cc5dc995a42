import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { NEVER, of, throwError } from 'rxjs';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { ApiError, ChatStatus, ReceiveMode, TransferStatus, type ChatEngine } from '@visitor-chat/chat-engine';
import { Composer } from '../../ui/widget/components/Composer';
import { DialogsGate } from '../../ui/widget/components/DialogsGate';
import { Toasts } from '../../ui/widget/components/Toasts';
import { session } from '../engine/support/fixtures';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { renderUi, settle } from './renderUi';

/**
 * jsdom's <dialog> has no showModal/close: a minimal stand-in with the behaviour the component
 * relies on (open attribute, 'close' event, Escape → a cancelable 'cancel', closing when not prevented).
 */
beforeEach(() => {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  const showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  const close = vi.fn(function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  });
  Object.assign(proto, { showModal, close });
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const open = [...document.querySelectorAll('dialog[open]')].pop() as HTMLDialogElement | undefined;
    if (open && open.dispatchEvent(new Event('cancel', { cancelable: true }))) open.close();
  };
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('keydown', onKey);
    delete proto.showModal;
    delete proto.close;
  };
});

const FORM = (modal: boolean) =>
  JSON.stringify({
    formModal: modal,
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'phone', label: 'Phone', required: false },
      { name: 'email', label: 'email', required: false },
    ],
  });

function formEngine(modal: boolean, submitUserForm = () => of<void>(undefined)) {
  return testEngine({
    api: hookApi({ chatStart: () => of(session({ status: ChatStatus.FormCheck })), submitUserForm }, { userFormMode: 1, userFormConfig: FORM(modal) }),
    query: '?channelid=demo&email=ann@example.com',
  });
}

const agentEngine = (status: number, overrides: Parameters<typeof hookApi>[0] = {}, wire = {}) =>
  testEngine({ api: hookApi({ transferAgent: () => of({ status }), ...overrides }, { receiveMode: ReceiveMode.Agent, ...wire }) });

// The forms are lazy chunks of the widget: load their modules once, so that a render settles in a tick.
beforeAll(async () => {
  await Promise.all(
    ['Dialogs', 'UserForm', 'GroupPicker', 'LeaveMessageForm', 'EvaluationDialog'].map((name) => import(`../../ui/widget/components/${name}.tsx`)),
  );
});

function renderDialogs(engine: ChatEngine, strict: boolean) {
  return renderUi(
    <>
      <button type="button">opener</button>
      <DialogsGate />
      <Toasts />
    </>,
    { engine, strict },
  );
}

/** The forms above the chat's own composer, as on the page: where focus goes on after a form has gone. */
function renderWithComposer(engine: ChatEngine, strict: boolean) {
  return renderUi(
    <>
      <DialogsGate />
      <Composer />
      <Toasts />
    </>,
    { engine, strict },
  );
}

const composerField = () => screen.getByRole('textbox', { name: 'Message' });

describeBoth('the user information form', ({ strict }) => {
  it('modal: a dialog named by its title, prefilled, that Escape does not close', async () => {
    const { engine } = formEngine(true);
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();

    const dialog = screen.getByRole('dialog', { name: 'Before we start' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Email/).value).toBe('ann@example.com');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Before we start' }).hasAttribute('open')).toBe(true);
  });

  it('shows errors beside the fields, focuses the first invalid one, then submits the valid form', async () => {
    const { engine, fake } = formEngine(true);
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    const phone = screen.getByLabelText<HTMLInputElement>(/Phone/);
    fireEvent.input(phone, { target: { value: '555-1234' } });

    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));

    const name = screen.getByLabelText<HTMLInputElement>(/Name/);
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This field is required.');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a phone number: 11 digits starting with 1, or + and the country code.',
    );
    expect(fake.count('submitUserForm')).toBe(0);

    fireEvent.input(name, { target: { value: 'Ann' } });
    fireEvent.input(phone, { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));

    expect(fake.bodies('submitUserForm')).toEqual([{ name: 'Ann', phone: '13800138000', email: 'ann@example.com', userId: 'u-1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('unsent messages that storage cannot keep (full or blocked): one toast says a reload would lose them, not one per message', async () => {
    const full = { get: () => null, set: () => false };
    const { engine } = testEngine({ api: hookApi({ sendMsg: () => NEVER }), options: { storage: full } });
    renderDialogs(engine, strict);
    await settle();
    act(() => void engine.sendText('hello'));
    act(() => void engine.sendText('anyone there?'));
    await settle();
    const toasts = screen.getAllByText("Unsent messages can't be saved on this device: reloading the page would lose them.");
    expect(toasts).toHaveLength(1);
  });

  it("a failed submission shows the 'Submission failed' toast and keeps the values", async () => {
    const { engine } = formEngine(true, () => throwError(() => new ApiError('submitUserForm', 500, 'down')));
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    fireEvent.input(screen.getByLabelText(/Name/), { target: { value: 'Ann' } });

    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));

    expect(screen.getByRole('status').textContent).toContain('Submission failed');
    expect(screen.getByLabelText<HTMLInputElement>(/Name/).value).toBe('Ann');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start chat' }).disabled).toBe(false);
  });

  it("modal: after 'Start chat' the dialog goes and focus goes on in the composer, not to the page", async () => {
    const { engine } = formEngine(true);
    renderWithComposer(engine, strict);
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Before we start' });
    fireEvent.input(within(dialog).getByLabelText(/Name/), { target: { value: 'Ann' } });
    const start = within(dialog).getByRole('button', { name: 'Start chat' });
    start.focus();

    fireEvent.click(start);
    await settle();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(composerField());
  });

  it("inline: after 'Start chat' the panel goes and focus goes on in the composer, not to the page", async () => {
    const { engine, fake } = formEngine(false);
    renderWithComposer(engine, strict);
    await settle();
    const panel = screen.getByRole('region', { name: 'Before we start' });
    fireEvent.input(within(panel).getByLabelText(/Name/), { target: { value: 'Ann' } });
    const start = within(panel).getByRole('button', { name: 'Start chat' });
    start.focus();

    fireEvent.click(start);
    await settle();

    expect(fake.count('submitUserForm')).toBe(1);
    expect(screen.queryByRole('region', { name: 'Before we start' })).toBeNull();
    expect(document.activeElement).toBe(composerField());
  });

  it('inline: a panel in the chat, not a dialog', async () => {
    const { engine } = formEngine(false);
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Before we start' })).toBeDefined();
  });
});

describeBoth('the group picker', ({ strict }) => {
  it('lists the groups in a dialog; a choice transfers to that group and closes it', async () => {
    const wire = {
      groupMode: 1,
      groupConfig: [
        { groupId: 'sales', groupName: 'Sales' },
        { groupId: 'billing', groupName: 'Billing' },
      ],
    };
    const { engine, fake } = agentEngine(TransferStatus.Nothing, {}, wire);
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Who would you like to talk to?' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Billing' }));

    expect(fake.bodies('transferAgent')).toEqual([{ groupId: 'billing', userId: 'u-1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the arrow keys move between the groups (wrapping, Home and End); after a choice focus is in the composer, not on the page', async () => {
    const wire = {
      groupMode: 1,
      groupConfig: [
        { groupId: 'sales', groupName: 'Sales' },
        { groupId: 'support', groupName: 'Support' },
        { groupId: 'billing', groupName: 'Billing' },
      ],
    };
    const { engine } = agentEngine(TransferStatus.Nothing, {}, wire);
    renderUi(
      <>
        <textarea className="composer__input" aria-label="Message" />
        <DialogsGate />
      </>,
      { engine, strict },
    );
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Who would you like to talk to?' });
    const option = (name: string) => within(dialog).getByRole('button', { name });
    option('Sales').focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(option('Support'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(option('Billing'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(option('Sales'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(option('Billing'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(option('Sales'));

    fireEvent.click(option('Sales'));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});

describeBoth('the leave-message form', ({ strict }) => {
  const wire = { unWorkingMode: 1, unWorkingMsg: 'We are closed' };

  it('outside working hours a button opens it; Escape closes it and focus returns to the button', async () => {
    const { engine } = agentEngine(TransferStatus.OutsideHours, {}, wire);
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    const open = screen.getByRole('button', { name: 'Leave a message' });
    open.focus();

    fireEvent.click(open);
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Leave a message' });
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave a message' }));
  });

  it('sends a valid message with a success toast; a failure keeps the values with an error toast', async () => {
    let fail = true;
    const leaveMsg = () => (fail ? throwError(() => new ApiError('leaveMsg', 500, 'down')) : of<void>(undefined));
    const { engine, fake } = agentEngine(TransferStatus.OutsideHours, { leaveMsg }, wire);
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Leave a message' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Leave a message' });
    // The channel promised an answer (its outside-hours message is on): the form says a phone or an
    // email is needed, and neither field reads "(optional)" (the name still does).
    const needed = 'Enter a phone number or an email, so that we can answer you.';
    within(dialog).getByText(needed);
    expect(within(dialog).getByText('Phone').textContent).toBe('Phone');
    expect(within(dialog).getByText('Email').textContent).toBe('Email');
    expect(within(dialog).getByText('Name').textContent).toBe('Name (optional)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    // Asked first, beside the phone field.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Phone/));
    expect(within(dialog).getAllByText(needed)).toHaveLength(2);
    within(dialog).getByText('This field is required.');
    expect(fake.count('leaveMsg')).toBe(0);

    fireEvent.input(within(dialog).getByLabelText(/Message/), { target: { value: 'Please call me' } });
    fireEvent.input(within(dialog).getByLabelText(/Email/), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('status').textContent).toContain('Submission failed');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/Message/).value).toBe('Please call me');

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(fake.count('leaveMsg')).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Message sent');
  });
});

describeBoth('the evaluation dialog', ({ strict }) => {
  it('stars as a labelled radio group, an optional comment, a thank-you; closing dismisses it', async () => {
    const api = hookApi({ getEvaluateInfo: () => of({ starList: ['Bad', 'Poor', 'OK', 'Good', 'Great'] }), evaluate: () => of(undefined) });
    const { engine, fake } = testEngine({ api });
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    act(() => engine.openEvaluation());
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'How was your conversation?' });
    const group = within(dialog).getByRole('group', { name: 'Rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);

    fireEvent.click(within(group).getByRole('radio', { name: 'Good' }));
    fireEvent.input(within(dialog).getByLabelText(/Comment/), { target: { value: 'Helpful' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(fake.bodies('evaluate')).toEqual([{ userId: 'u-1', star: 4, comment: 'Helpful' }]);
    const thanks = screen.getByRole('dialog', { name: 'Thank you!' });
    fireEvent.click(within(thanks).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("issue 28: stars read the widget's words in the visitor's language on a five-star scale, the server's on another", async () => {
    let starList = ['很差', '差', '一般', '好', '很好'];
    const api = hookApi({ getEvaluateInfo: () => of({ starList }) });
    const { engine } = testEngine({ api });
    renderDialogs(engine, strict);
    await settle();
    act(() => engine.openEvaluation());
    await settle();
    const stars = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(stars()).toEqual(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']);
    fireEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
    expect(screen.getByText('Excellent', { selector: '.evaluation__label' })).toBeTruthy();
    act(() => engine.dismissEvaluation());

    starList = ['Bad', 'OK', 'Great'];
    const other = testEngine({ api: hookApi({ getEvaluateInfo: () => of({ starList }) }) }).engine;
    cleanup();
    renderDialogs(other, strict);
    await settle();
    act(() => other.openEvaluation());
    await settle();
    expect(stars()).toEqual(['Bad', 'OK', 'Great']);
  });

  it("the 'Thank you!' step opens with focus on Done (the Submit pressed has gone); after Done focus goes on in the composer", async () => {
    const api = hookApi({ getEvaluateInfo: () => of({ starList: [] }), evaluate: () => of(undefined) });
    const { engine } = testEngine({ api });
    renderWithComposer(engine, strict);
    await settle();
    act(() => engine.openEvaluation());
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'How was your conversation?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Good' }));
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    submit.focus();

    fireEvent.click(submit);
    await settle();

    const thanks = screen.getByRole('dialog', { name: 'Thank you!' });
    expect(document.activeElement).toBe(within(thanks).getByRole('button', { name: 'Done' }));
    fireEvent.click(within(thanks).getByRole('button', { name: 'Done' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(composerField());
  });

  it('a failure shows the toast and keeps the choice; the close button dismisses', async () => {
    const api = hookApi({ evaluate: () => throwError(() => new ApiError('evaluate', 500, 'down')) });
    const { engine } = testEngine({ api });
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    act(() => engine.openEvaluation());
    fireEvent.click(screen.getByRole('radio', { name: 'Fair' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('status').textContent).toContain('Submission failed');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Fair' }).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(engine.getSnapshot().evaluation.status).toBe(0);
  });

  it("after a session closed on a channel with evaluation, 'Rate this conversation' opens it", async () => {
    const { engine } = agentEngine(TransferStatus.Success, { getEvaluateInfo: () => of({ starList: [] }) }, { evaluateMode: 1 });
    renderDialogs(engine, strict);
    // The forms load on demand: let their chunks arrive.
    await settle();
    act(() => engine.closeChat());
    await settle();
    expect(engine.getSnapshot().chatClosed).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Rate this conversation' }));
    await settle();

    expect(screen.getByRole('dialog', { name: 'How was your conversation?' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Rate this conversation' })).toBeNull();
  });

  it("transfer result 0 closes a chat that never reached an agent: no 'Rate this conversation'", async () => {
    const { engine } = agentEngine(TransferStatus.Close, { getEvaluateInfo: () => of({ starList: [] }) }, { evaluateMode: 1 });
    renderDialogs(engine, strict);
    await settle();
    expect(engine.getSnapshot().chatClosed).toBe(true);
    expect(screen.queryByRole('button', { name: 'Rate this conversation' })).toBeNull();
  });
});
