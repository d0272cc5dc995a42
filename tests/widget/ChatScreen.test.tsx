import { act, fireEvent, screen, within } from '@testing-library/react';
import { Subject, of, throwError } from 'rxjs';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { ApiError, MsgType, SenderType, type ChatStartData } from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import { ChatScreen } from '../../ui/widget/components/ChatScreen';
import { answers } from '../engine/support/fakeApi';
import { session } from '../engine/support/fixtures';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { itemOf, renderUi, settle, stubLayout } from './renderUi';

const T = Date.UTC(2024, 4, 15, 12, 0);

const HISTORY: WireMessage[] = [
  { id: 'h1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'Do you ship to Norway?', msgTime: T },
  { id: 'h2', senderType: SenderType.System, msgType: MsgType.SystemText, msgContent: 'Conversation resumed', msgTime: T + 1_000 },
  { id: 'h3', senderType: SenderType.Robot, senderName: 'Robo', msgType: MsgType.Text, msgContent: 'Yes, within 5 days.', msgTime: T + 2_000 },
];

beforeEach(stubLayout);

describeBoth('ChatScreen', ({ strict }) => {
  it('shows "Connecting…" until the session starts, then the title and the conversation', async () => {
    const start = new Subject<ChatStartData>();
    const { engine } = testEngine({ api: hookApi({ chatStart: () => start, getHistoryMsg: () => of(HISTORY) }) });
    renderUi(<ChatScreen />, { engine, strict });

    expect(screen.getByRole('status').textContent).toContain('Connecting…');
    expect(screen.queryByText('Do you ship to Norway?')).toBeNull();

    act(() => {
      start.next(session());
      start.complete();
    });
    await settle();

    expect(screen.queryByText('Connecting…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Demo shop' })).toBeDefined();
    expect(screen.getByText('Do you ship to Norway?')).toBeDefined();
    expect(screen.getByText('Yes, within 5 days.')).toBeDefined();
  });

  it('a backend that forgot the session: "Reconnecting…" shows above the conversation until a new session answers, the messages stay', async () => {
    const resumed = new Subject<ChatStartData>();
    const forgot = new ApiError('sendMsg', 404, 'visitor not found, call chatStart first');
    const { engine } = testEngine({
      api: hookApi({ chatStart: answers(of(session()), resumed), getHistoryMsg: () => of(HISTORY), sendMsg: () => throwError(() => forgot) }),
    });
    renderUi(<ChatScreen />, { engine, strict });
    await settle();
    expect(screen.queryByText('Reconnecting…')).toBeNull();

    // The visitor's next message finds the session forgotten.
    act(() => void engine.sendText('Still there?'));
    await settle();
    expect(screen.getByText('Reconnecting…').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Do you ship to Norway?')).toBeDefined();

    act(() => {
      resumed.next(session({ pollId: 'p-2' }));
      resumed.complete();
    });
    await settle();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    expect(screen.getByText('Do you ship to Norway?')).toBeDefined();
  });

  it('a message time no Date can hold (msgTime 1e16) does not stop the chat: the message shows, timed as it arrived', async () => {
    const odd: WireMessage = { id: 'h4', senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: 'From the far future', msgTime: 1e16 };
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([...HISTORY, odd]) }) });
    renderUi(<ChatScreen />, { engine, strict });
    await settle();

    expect(screen.getByText('From the far future')).toBeDefined();
    expect(screen.getByText('Do you ship to Norway?')).toBeDefined();
    expect(screen.queryByText('The chat could not load.')).toBeNull();
  });

  it("places the visitor's messages right, system messages in the centre and the robot's left", async () => {
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of(HISTORY) }) });
    renderUi(<ChatScreen />, { engine, strict });
    await settle();

    expect(itemOf('Do you ship to Norway?').classList).toContain('message--right');
    expect(itemOf('Conversation resumed').classList).toContain('message--center');
    const robot = itemOf('Yes, within 5 days.');
    expect(robot.classList).toContain('message--left');
    expect(within(robot).getByText('Robo')).toBeDefined();
  });

  it("each bubble names its sender for a screen reader reading the log: the visitor's 'You' (not shown), the robot's and an agent's name (shown)", async () => {
    const agent: WireMessage = {
      id: 'h4',
      senderType: SenderType.Agent,
      senderName: 'Alice',
      msgType: MsgType.Text,
      msgContent: 'Anything else?',
      msgTime: T + 3_000,
    };
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([...HISTORY, agent]) }) });
    renderUi(<ChatScreen />, { engine, strict });
    await settle();

    const bubble = (text: string) => itemOf(text).querySelector('.message__bubble') as HTMLElement;
    // Read in order, the bubble says who, then what.
    expect(bubble('Do you ship to Norway?').textContent).toBe('YouDo you ship to Norway?');
    expect(within(bubble('Do you ship to Norway?')).getByText('You').className).toBe('visually-hidden');
    expect(bubble('Yes, within 5 days.').textContent).toBe('RoboYes, within 5 days.');
    expect(within(bubble('Yes, within 5 days.')).getByText('Robo').className).not.toContain('visually-hidden');
    expect(bubble('Anything else?').textContent).toBe('AliceAnything else?');
    // Only the visitor's own messages carry the hidden label.
    expect(screen.getAllByText('You')).toHaveLength(1);
  });

  it('a message that was not delivered shows a retry button; pressing it sends the message again', async () => {
    const fake = hookApi({ sendMsg: answers(of({ status: 0 }), of({ status: 1 })) });
    const { engine } = testEngine({ api: fake });
    const retry = vi.spyOn(engine, 'retry');
    renderUi(<ChatScreen />, { engine, strict });

    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();

    const item = itemOf('Hello?');
    expect(within(item).getByText('Not delivered')).toBeDefined();
    fireEvent.click(within(item).getByRole('button', { name: 'Not delivered. Retry' }));
    await settle();

    const id = engine.getSnapshot().messages.find((m) => m.msgContent === 'Hello?')?.id;
    expect(retry).toHaveBeenCalledExactlyOnceWith(id);
    expect(fake.count('sendMsg')).toBe(2);
    expect(within(itemOf('Hello?')).queryByRole('button', { name: 'Not delivered. Retry' })).toBeNull();
    expect(screen.queryByText('Not delivered')).toBeNull();
  });

  it('the Send button is disabled while the composer is empty', async () => {
    const { engine } = testEngine();
    renderUi(<ChatScreen />, { engine, strict });
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: '  ' } });
    expect(send.disabled).toBe(true);
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'hi' } });
    expect(send.disabled).toBe(false);
  });

  it("an unknown channel shows the error state in the visitor's words, the server's message only in the details, instead of the chat", async () => {
    const { engine } = testEngine({
      api: hookApi({ channelInfo: () => throwError(() => new ApiError('channelInfo', 404, 'channel not found')) }),
    });
    renderUi(<ChatScreen />, { engine, strict });
    expect((await screen.findByRole('alert')).textContent).toBe('This chat is not available.');
    expect((await screen.findByText('Details for support')).closest('details')?.textContent).toContain('channel not found');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('message text from the server is shown as text, with safe links', async () => {
    const wire: WireMessage = {
      id: 'x',
      senderType: SenderType.Agent,
      msgType: MsgType.Text,
      msgContent: '<b>bold?</b> see https://shop.example/help',
      msgTime: T,
    };
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([wire]) }) });
    const { container } = renderUi(<ChatScreen />, { engine, strict });
    await settle();
    expect(container.querySelector('.message b')).toBeNull();
    const link = screen.getByRole('link', { name: 'https://shop.example/help' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describeBoth('focus after an action whose control goes away', ({ strict }) => {
  // The rating buttons are a lazy chunk: load it once, so that a render settles in a tick.
  beforeAll(async () => {
    await import('../../ui/widget/components/RatingButtons');
  });

  it('a thumb rating disables both thumbs; focus goes on in the composer, not to the page', async () => {
    const answer: WireMessage = {
      id: 'r1',
      senderType: SenderType.Robot,
      senderName: 'Robo',
      msgType: MsgType.Answer,
      msgContent: 'We ship in 3 days.',
      msgTime: T,
    };
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([answer]) }) });
    renderUi(<ChatScreen />, { engine, strict });
    await settle();
    const up = within(itemOf('We ship in 3 days.')).getByRole<HTMLButtonElement>('button', { name: 'Helpful' });
    up.focus();

    fireEvent.click(up);
    await settle();

    expect(up.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('Retry goes with the failure it retries; focus goes on in the composer', async () => {
    const fake = hookApi({ sendMsg: answers(of({ status: 0 }), of({ status: 1 })) });
    const { engine } = testEngine({ api: fake });
    renderUi(<ChatScreen />, { engine, strict });
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    const retry = within(itemOf('Hello?')).getByRole('button', { name: 'Not delivered. Retry' });
    retry.focus();

    fireEvent.click(retry);
    await settle();

    expect(retry.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});
