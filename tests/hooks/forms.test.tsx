import { act, fireEvent, screen } from '@testing-library/react';
import { of, throwError } from 'rxjs';
import { expect, it } from 'vitest';
import { ApiError, ChatStatus, EvaluationStatus, ReceiveMode, TransferStatus } from '@visitor-chat/chat-engine';
import { useComposer, useEvaluation, useGroupChoice, useLeaveMessage, useUserForm } from '@visitor-chat/chat-react';
import { USER_ID, session } from '../engine/support/fixtures';
import { describeBoth, hookApi, renderHookWithEngine, renderWithEngine } from './strictMode';

const FORM_CONFIG = JSON.stringify({
  formModal: false,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'phone', label: 'Phone', required: false },
    { name: 'email', label: 'Email', required: false },
  ],
});

/** A channel that owes the user form (chat status 1). */
const formApi = (overrides: Parameters<typeof hookApi>[0] = {}) =>
  hookApi(
    // The transport answers a call without data with one undefined value, which the engine waits for.
    { chatStart: () => of(session({ status: ChatStatus.FormCheck })), submitUserForm: () => of(undefined), ...overrides },
    { userFormMode: 1, userFormConfig: FORM_CONFIG },
  );

/** An agent channel whose transfer answers `status`. */
const agentApi = (status: number, overrides: Parameters<typeof hookApi>[0] = {}, wire = {}) =>
  hookApi({ transferAgent: () => of({ status }), ...overrides }, { receiveMode: ReceiveMode.Agent, ...wire });

/** A tiny form UI on useUserForm, to see focus and the aria wiring. */
function UserFormBox() {
  const form = useUserForm();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit?.();
      }}
    >
      {form.fields.map((f) => (
        <div key={f.name}>
          <label {...form.getLabelProps(f.name)}>{f.label}</label>
          <input {...form.getFieldProps(f.name)} />
          {form.errors[f.name] && <span {...form.getErrorProps(f.name)}>{form.errors[f.name]}</span>}
        </div>
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

describeBoth('useUserForm', ({ strict }) => {
  it('is required in chat status 1 with the configured fields, modal per config, prefilled from the query', () => {
    const { result } = renderHookWithEngine(() => useUserForm(), {
      strict,
      api: formApi(),
      query: '?channelid=demo&username=Ann&phone=13800138000',
    });
    expect(result.current.required).toBe(true);
    expect(result.current.modal).toBe(false);
    expect(result.current.fields.map((f) => f.name)).toEqual(['name', 'phone', 'email']);
    expect(result.current.values).toEqual({ name: 'Ann', phone: '13800138000', email: '' });
    expect(result.current.submit).not.toBeNull();
  });

  it('is not required (submit null) when the chat status does not ask for it', () => {
    const { result } = renderHookWithEngine(() => useUserForm(), { strict, api: hookApi({}, { userFormMode: 1 }) });
    expect(result.current.required).toBe(false);
    expect(result.current.submit).toBeNull();
  });

  it('an invalid submit calls nothing, marks the fields invalid beside their errors and focuses the first', () => {
    const { fake } = renderWithEngine(<UserFormBox />, { strict, api: formApi() });
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '12345' } });

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('required');
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(fake?.count('submitUserForm')).toBe(0);

    // Fixing a field clears its error at once.
    fireEvent.input(name, { target: { value: 'Ann' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('a valid submit sends the trimmed values with the userId once, and the form is no longer required', () => {
    const { result, fake } = renderHookWithEngine(() => useUserForm(), { strict, api: formApi() });
    act(() => {
      result.current.setValue('name', '  Ann ');
      result.current.setValue('email', 'ann@example.com');
    });
    act(() => {
      expect(result.current.submit?.()).toBe(true);
    });
    expect(fake?.bodies('submitUserForm')).toEqual([{ name: 'Ann', email: 'ann@example.com', userId: USER_ID }]);
    expect(result.current.required).toBe(false);
    expect(result.current.submit).toBeNull();
  });

  it('a failed submission keeps the values and allows another try', () => {
    const api = formApi({ submitUserForm: () => throwError(() => new ApiError('submitUserForm', 500, 'submission failed')) });
    const { result, fake } = renderHookWithEngine(() => useUserForm(), { strict, api });
    act(() => result.current.setValue('name', 'Ann'));
    act(() => {
      result.current.submit?.();
    });
    expect(fake?.count('submitUserForm')).toBe(1);
    expect(result.current).toMatchObject({ required: true, submitting: false, values: { name: 'Ann' } });
    expect(result.current.submit).not.toBeNull();
  });
});

describeBoth('useGroupChoice', ({ strict }) => {
  const wire = {
    groupMode: 1,
    groupConfig: [
      { groupId: 'sales', groupName: 'Sales' },
      { groupId: 'billing', groupName: 'Billing' },
    ],
  };

  it('offers the groups; choosing one transfers to it and ends the choice', () => {
    const { result, fake } = renderHookWithEngine(() => useGroupChoice(), { strict, api: agentApi(TransferStatus.Nothing, {}, wire) });
    expect(result.current.groups).toEqual([
      { id: 'sales', name: 'Sales' },
      { id: 'billing', name: 'Billing' },
    ]);
    expect(fake?.count('transferAgent')).toBe(0);

    act(() => result.current.choose?.('billing'));

    expect(fake?.bodies('transferAgent')).toEqual([{ groupId: 'billing', userId: USER_ID }]);
    expect(result.current).toEqual({ groups: null, choose: null });
  });
});

describeBoth('useLeaveMessage', ({ strict }) => {
  const wire = { adminOfflineMode: 1, adminOfflineMsg: 'We are offline' };

  it('is offered when agents are offline; opens, refuses an empty message, sends a valid one and clears it', () => {
    const { result, fake } = renderHookWithEngine(() => useLeaveMessage(), { strict, api: agentApi(TransferStatus.Offline, {}, wire) });
    expect(result.current).toMatchObject({ offered: 'offline', open: false, submit: null, close: null });

    act(() => result.current.openForm?.());
    expect(result.current.open).toBe(true);
    expect(result.current.openForm).toBeNull();

    act(() => {
      expect(result.current.submit?.()).toBe(false);
    });
    // The channel's offline message is on: it promised an answer, so a phone or an email is asked too.
    expect(result.current.contactRequired).toBe(true);
    expect(result.current.errors).toEqual({ phone: 'contact', content: 'required' });

    act(() => result.current.setValue('content', 'Call me'));
    act(() => result.current.setValue('email', 'ann@example.com'));
    act(() => {
      expect(result.current.submit?.()).toBe(true);
    });
    expect(fake?.bodies('leaveMsg')).toEqual([
      { userId: USER_ID, channelId: 'demo', name: undefined, phone: undefined, email: 'ann@example.com', content: 'Call me' },
    ]);
    expect(result.current.open).toBe(false);
    expect(result.current.values).toEqual({ name: '', phone: '', email: '', content: '' });
  });

  it('issue 28: a text sent where nobody reads it opens the form with it as the message; it stays in the composer until the message is left', () => {
    const { result, fake } = renderHookWithEngine(() => ({ composer: useComposer(), form: useLeaveMessage() }), {
      strict,
      api: agentApi(TransferStatus.Offline, {}, wire),
    });
    act(() => result.current.composer.setText('Where is my parcel?'));
    act(() => result.current.composer.submit?.());
    expect(fake?.count('sendMsg')).toBe(0);
    expect(result.current.form).toMatchObject({ open: true, values: { content: 'Where is my parcel?' } });
    expect(result.current.composer.text).toBe('Where is my parcel?');

    act(() => result.current.form.setValue('phone', '+44 20 7946 0958'));
    act(() => {
      expect(result.current.form.submit?.()).toBe(true);
    });
    expect(fake?.bodies('leaveMsg')).toEqual([
      { userId: USER_ID, channelId: 'demo', name: undefined, phone: '+442079460958', email: undefined, content: 'Where is my parcel?' },
    ]);
    expect(result.current.composer.text).toBe('');
  });

  it('a failed leaveMsg keeps the form open with its values', () => {
    const api = agentApi(TransferStatus.Offline, { leaveMsg: () => throwError(() => new ApiError('leaveMsg', 500, 'down')) }, wire);
    const { result } = renderHookWithEngine(() => useLeaveMessage(), { strict, api });
    act(() => result.current.openForm?.());
    act(() => result.current.setValue('content', 'Call me'));
    act(() => {
      result.current.submit?.();
    });
    expect(result.current).toMatchObject({ open: true, sending: false, values: { content: 'Call me' } });
    expect(result.current.close).not.toBeNull();
  });
});

describeBoth('useEvaluation', ({ strict }) => {
  const labels = ['Bad', 'Poor', 'OK', 'Good', 'Great'];

  it('shows the stars of getEvaluateInfo; submit is null until a star is picked; success thanks until closed', () => {
    const api = hookApi({ getEvaluateInfo: () => of({ starList: labels }), evaluate: () => of(undefined) });
    const { result, engine, fake } = renderHookWithEngine(() => useEvaluation(), { strict, api });
    expect(result.current.open).toBe(false);

    act(() => engine.openEvaluation());
    expect(result.current.open).toBe(true);
    expect(result.current.stars.map((s) => s.label)).toEqual(labels);
    expect(result.current.submit).toBeNull();

    act(() => result.current.setStar(4));
    act(() => result.current.setComment('  Quick and kind  '));
    expect(result.current.getStarProps(4).checked).toBe(true);
    act(() => result.current.submit?.());

    expect(fake?.bodies('evaluate')).toEqual([{ userId: USER_ID, star: 4, comment: 'Quick and kind' }]);
    expect(result.current).toMatchObject({ status: EvaluationStatus.Submitted, open: true, thanked: true });
    act(() => result.current.close?.());
    expect(result.current.open).toBe(false);
    expect(result.current.show).toBeNull();
  });

  it('five unlabelled stars when the info has none; a failure keeps the choice and allows another try', () => {
    const api = hookApi({ evaluate: () => throwError(() => new ApiError('evaluate', 500, 'submission failed')) });
    const { result, engine } = renderHookWithEngine(() => useEvaluation(), { strict, api });
    act(() => engine.openEvaluation());
    expect(result.current.stars).toEqual([1, 2, 3, 4, 5].map((value) => ({ value, label: null })));
    act(() => result.current.setStar(2));
    act(() => result.current.submit?.());
    expect(result.current).toMatchObject({ status: EvaluationStatus.Shown, star: 2, submitting: false, thanked: false });
    expect(result.current.submit).not.toBeNull();

    act(() => result.current.close?.());
    expect(result.current).toMatchObject({ status: EvaluationStatus.None, open: false });
  });
});
