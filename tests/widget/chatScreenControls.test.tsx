import { act, fireEvent, screen, within } from '@testing-library/react';
import { NEVER, Subject, of, type Observable } from 'rxjs';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import {
  ChatStatus,
  EventCode,
  MsgType,
  QuickReplyCode,
  SenderType,
  TransferStatus,
  type EventBatch,
  type RobotAskData,
  type TransferAgentData,
} from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import { MessageList } from '../../ui/widget/components/MessageList';
import { Composer } from '../../ui/widget/components/Composer';
import { NavBar } from '../../ui/widget/components/NavBar';
import { QuickReplies } from '../../ui/widget/components/QuickReplies';
import { asAnswerFrames, session } from '../engine/support/fixtures';
import { batch, ev } from '../engine/support/agentApi';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { itemOf, renderUi, stubLayout, tick } from './renderUi';

const T = Date.UTC(2024, 4, 15, 12, 0);
const WELCOME = { robotWelcomeMode: 1, robotWelcomeMsg: 'Hi, I am Robo.', faqMode: 1, faqConfig: '["Opening hours?","Shipping?"]' };

// The thinking block, the rating buttons and the FAQ list are lazy chunks of the widget: load their
// modules once, so that a render settles in a tick.
beforeAll(async () => {
  await Promise.all(['ThinkingBlock', 'RatingButtons', 'FaqList'].map((name) => import(`../../ui/widget/components/${name}.tsx`)));
});

beforeEach(() => {
  vi.useFakeTimers({ now: T });
  return stubLayout();
});
afterEach(() => {
  vi.useRealTimers();
});

describeBoth('chat screen controls', ({ strict }) => {
  it('delivery indicator: nothing at first, a spinner once slow (800 ms), a retry icon at 12 s that sends again', async () => {
    const fake = hookApi({ sendMsg: () => NEVER, robotAsk: () => NEVER });
    const { engine } = testEngine({ api: fake });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    act(() => void engine.sendText('Hello?'));
    await tick();
    expect(within(itemOf('Hello?')).queryByRole('img', { name: 'Sending' })).toBeNull();

    await tick(800);
    expect(within(itemOf('Hello?')).getByRole('img', { name: 'Sending' })).toBeDefined();

    await tick(11_200);
    const item = itemOf('Hello?');
    expect(within(item).queryByRole('img', { name: 'Sending' })).toBeNull();
    expect(within(item).getByText('Not delivered')).toBeDefined();
    const sent = fake.count('sendMsg');
    fireEvent.click(within(item).getByRole('button', { name: 'Not delivered. Retry' }));
    await tick();
    expect(fake.count('sendMsg')).toBe(sent + 1);
    expect(within(itemOf('Hello?')).queryByRole('button', { name: 'Not delivered. Retry' })).toBeNull();
  });

  it('thumbs up/down on a robot answer: one choice, then both lock', async () => {
    const answer: WireMessage = {
      id: 'r1',
      senderType: SenderType.Robot,
      senderName: 'Robo',
      msgType: MsgType.Answer,
      msgContent: 'We ship in 3 days.',
      msgTime: T - 1_000,
    };
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([answer]) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();

    const rating = within(itemOf('We ship in 3 days.')).getByRole('group', { name: 'Was this answer helpful?' });
    fireEvent.click(within(rating).getByRole('button', { name: 'Helpful' }));
    await tick();

    const up = within(rating).getByRole<HTMLButtonElement>('button', { name: 'Helpful' });
    const down = within(rating).getByRole<HTMLButtonElement>('button', { name: 'Not helpful' });
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect([up.disabled, down.disabled]).toEqual([true, true]);
    expect(within(rating).getByText('Thanks for your feedback')).toBeDefined();
    expect(engine.getSnapshot().messages[0]?.rating).toBe('up');
  });

  it("thinking block: 'Thinking…' while the robot works, then a collapsible 'Deeply thought (N s)' with the question", async () => {
    const answer = new Subject<RobotAskData>();
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => answer.pipe(asAnswerFrames()) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    expect(screen.getByText('Thinking…')).toBeDefined();
    // SPEC §4: 'thinking' while running, with the elapsed seconds.
    await tick(2_000);
    expect(screen.getByText('Thinking… (2 s)')).toBeDefined();

    await tick(500);
    act(() => {
      answer.next({ msgContent: 'Mon–Fri 9–18.', msgType: 1 });
      answer.complete();
    });
    await tick();
    const block = within(itemOf('Mon–Fri 9–18.')).getByText('Deeply thought (3 s)').closest('details');
    expect(block?.open).toBe(false);
    expect(block?.textContent).toContain('“When are you open?”');
    // Answered live, so it may be rated.
    expect(within(itemOf('Mon–Fri 9–18.')).getByRole('button', { name: 'Helpful' })).toBeDefined();
  });

  it("thinking block: an answer back in 150 ms reads 'Deeply thought', without a count", async () => {
    const answer = new Subject<RobotAskData>();
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => answer.pipe(asAnswerFrames()) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick(150);
    act(() => {
      answer.next({ msgContent: 'Mon–Fri 9–18.', msgType: 1 });
      answer.complete();
    });
    await tick();
    const item = itemOf('Mon–Fri 9–18.');
    expect(within(item).getByText('Deeply thought')).toBeDefined();
    expect(item.textContent).not.toMatch(/\d s\)/);
  });

  it('shows the agent typing indicator at the end of the list on event 1204', async () => {
    const batches = new Subject<EventBatch>();
    let polls = 0;
    const api = hookApi(
      { chatStart: () => of(session({ status: 2 })), getEventMsg: (): Observable<EventBatch> => (polls++ === 0 ? batches : NEVER) },
      { receiveMode: 3 },
    );
    const { engine } = testEngine({ api });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    expect(screen.queryByText('The agent is typing…')).toBeNull();
    act(() => batches.next({ events: [{ event_type: EventCode.AgentTyping }] }));
    await tick();
    expect(screen.getByRole('status').textContent).toContain('The agent is typing…');
  });

  it("quick replies: the newest robot message's suggestions as chips that send their text, gone once the visitor speaks", async () => {
    const answer: RobotAskData = { msgContent: 'Anything else?', suggestions: ['Opening hours?', 'Shipping?'] };
    const { engine } = testEngine({ api: hookApi({ robotAsk: ({ question }) => (question === 'hello' ? of(answer).pipe(asAnswerFrames()) : NEVER) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    act(() => void engine.sendText('hello'));
    await tick();
    const bar = screen.getByRole('navigation', { name: 'Quick replies' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Opening hours?', 'Shipping?']);
    // Not repeated as big buttons under the answer.
    expect(within(itemOf('Anything else?')).queryByRole('button', { name: 'Shipping?' })).toBeNull();

    fireEvent.click(within(bar).getByRole('button', { name: 'Shipping?' }));
    await tick();
    expect(
      engine
        .getSnapshot()
        .messages.filter((m) => m.senderType === SenderType.Visitor)
        .map((m) => m.msgContent),
    ).toEqual(['hello', 'Shipping?']);
    expect(screen.queryByRole('navigation', { name: 'Quick replies' })).toBeNull();
  });

  it("SPEC §2: the channel's FAQ message follows the welcome, its questions in the bubble; tapping one asks it, and the FAQ button brings it back", async () => {
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => NEVER }, WELCOME) });
    renderUi(
      <>
        <MessageList />
        <Composer />
      </>,
      { engine, strict },
    );
    await tick();
    const faq = screen.getByRole('list', { name: 'Frequently asked questions' });
    expect(
      within(faq)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Opening hours?', 'Shipping?']);
    const again = screen.getByRole<HTMLButtonElement>('button', { name: 'Frequently asked questions' });
    // The FAQ is the newest message: nothing to bring back yet.
    expect(again.disabled).toBe(true);

    fireEvent.click(within(faq).getByRole('button', { name: 'Shipping?' }));
    await tick();
    expect(
      engine
        .getSnapshot()
        .messages.filter((m) => m.senderType === SenderType.Visitor)
        .map((m) => m.msgContent),
    ).toEqual(['Shipping?']);
    expect(again.disabled).toBe(false);
    fireEvent.click(again);
    await tick();
    expect(screen.getAllByRole('list', { name: 'Frequently asked questions' })).toHaveLength(2);
    expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ msgType: MsgType.Faq, msgContent: '' });
    expect(again.disabled).toBe(true);
  });

  it("quick replies keep their whole shape (SPEC §3) from a robot answer: icon, image, a 'New' badge and the highlight show", async () => {
    const answer: RobotAskData = {
      msgContent: 'Anything else?',
      msgType: MsgType.Answer,
      suggestions: [
        { name: 'Track order', code: 'track', icon: '📦', isHighlight: 1 },
        { name: 'Deals', code: 'deals', img: 'https://example.com/d.png', isNew: true },
        'Returns?',
      ],
    };
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => of(answer).pipe(asAnswerFrames()) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    act(() => void engine.sendText('hi'));
    await tick();
    const bar = screen.getByRole('navigation', { name: 'Quick replies' });
    const track = within(bar).getByRole('button', { name: /Track order/ });
    expect(track.textContent).toContain('📦');
    expect(track.classList).toContain('quick-reply--highlight');
    const deals = within(bar).getByRole('button', { name: /Deals/ });
    expect(within(deals).getByRole('img', { name: 'New' })).toBeDefined();
    expect(deals.querySelector('img')?.getAttribute('src')).toBe('https://example.com/d.png');
    expect(within(bar).getByRole('button', { name: 'Returns?' }).classList).not.toContain('quick-reply--highlight');
    fireEvent.click(track);
    await tick();
    expect(
      engine
        .getSnapshot()
        .messages.filter((m) => m.senderType === SenderType.Visitor)
        .map((m) => m.msgContent),
    ).toEqual(['hi', 'Track order']);
  });

  it("a quick reply with the transfer code asks for a human as the navigation bar's button does; both go while the transfer runs and stay gone with the agent", async () => {
    const answer: RobotAskData = {
      msgContent: 'Tap “Human agent” and an agent will join this chat.',
      msgType: MsgType.Answer,
      suggestions: [{ name: 'Human agent', code: QuickReplyCode.TransferToHuman, isHighlight: 1 }, 'Opening hours?'],
    };
    const transfer = new Subject<TransferAgentData>();
    const fake = hookApi({ robotAsk: () => of(answer).pipe(asAnswerFrames()), transferAgent: () => transfer });
    const { engine } = testEngine({ api: fake });
    renderUi(
      <>
        <NavBar title="Shop" />
        <MessageList />
      </>,
      { engine, strict },
    );
    await tick();
    act(() => void engine.sendText('I want to talk to a human'));
    await tick();
    const bar = screen.getByRole('navigation', { name: 'Quick replies' });
    const chip = within(bar).getByRole('button', { name: 'Human agent' });
    // The text names what the visitor sees: the chip and the button read the same.
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Human agent' });
    expect(chip.classList).toContain('quick-reply--highlight');

    fireEvent.click(chip);
    await tick();
    expect(fake.count('transferAgent')).toBe(1);
    // No text was sent for the tap: the question is the visitor's only message.
    expect(fake.bodies('sendMsg').map((b) => b.msgContent)).toEqual(['I want to talk to a human']);
    expect(
      within(screen.getByRole('navigation', { name: 'Quick replies' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Opening hours?']);
    expect(button.isConnected).toBe(false);

    act(() => {
      transfer.next({ status: TransferStatus.Success, adminNick: 'Ann' });
      transfer.complete();
    });
    await tick();
    expect(engine.getSnapshot().status).toBe(ChatStatus.InConversation);
    expect(within(screen.getByRole('navigation', { name: 'Quick replies' })).queryByRole('button', { name: 'Human agent' })).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Human agent' })).toBeNull();
  });

  it("the channel's FAQ as objects keeps the quick reply's shape in the FAQ message", async () => {
    const faqConfig = JSON.stringify([
      { question: 'Opening hours?', icon: '🕘' },
      { name: 'Sale', code: 'sale', isNew: 1, isHighlight: 1 },
    ]);
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => NEVER }, { ...WELCOME, faqConfig }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    const bar = screen.getByRole('list', { name: 'Frequently asked questions' });
    expect(within(bar).getByRole('button', { name: /Opening hours\?/ }).textContent).toContain('🕘');
    const sale = within(bar).getByRole('button', { name: /Sale/ });
    expect(sale.classList).toContain('message__faq-question--highlight');
    expect(within(sale).getByRole('img', { name: 'New' })).toBeDefined();
  });

  it('a FAQ answer lists its questions inside the bubble; tapping one asks it', async () => {
    const faq: RobotAskData = { msgContent: 'Popular questions:', msgType: MsgType.Faq, suggestions: ['Returns?', 'Payment?'] };
    const fake = hookApi({ robotAsk: () => of(faq).pipe(asAnswerFrames()) });
    const { engine } = testEngine({ api: fake });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    act(() => void engine.sendText('help'));
    await tick();
    const list = within(itemOf('Popular questions:')).getByRole('list', { name: 'Frequently asked questions' });
    expect(screen.queryByRole('navigation', { name: 'Quick replies' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Payment?' }));
    await tick();
    expect(fake.bodies('robotAsk').map((b) => b.question)).toEqual(['help', 'Payment?']);
  });

  it("the channel's autoTip (SPEC §3) shows as a centred tip under the welcome and the FAQ message of a new conversation", async () => {
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => NEVER }, { ...WELCOME, autoTip: 'Tip: ask about shipping.' }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    const item = itemOf('Tip: ask about shipping.');
    expect(item.classList).toContain('message--tip');
    const log = screen.getByRole('log');
    expect(log.textContent?.indexOf('Hi, I am Robo.')).toBeLessThan(log.textContent?.indexOf('Shipping?') ?? -1);
    expect(log.textContent?.indexOf('Shipping?')).toBeLessThan(log.textContent?.indexOf('Tip: ask about shipping.') ?? -1);
  });

  it("the live region reads a robot answer once it is filled, once, with the robot's name (not the pending placeholder)", async () => {
    const answer = new Subject<RobotAskData>();
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => answer.pipe(asAnswerFrames()) }, { robotName: 'Robo' }) });
    const { container } = renderUi(<MessageList />, { engine, strict });
    await tick();
    const region = container.querySelector('[aria-live="polite"]') as HTMLElement;
    act(() => void engine.sendText('When are you open?'));
    await tick(1_000);
    expect(region.textContent).toBe('');
    act(() => {
      answer.next({ msgContent: 'Mon–Fri 9–18.', msgType: 1 });
      answer.complete();
    });
    await tick();
    expect(region.textContent).toBe('Robo: Mon–Fri 9–18.');
    const shown = region.firstElementChild;
    act(() => engine.rateMessage(engine.getSnapshot().messages.at(-1)?.id ?? '', 'up'));
    await tick();
    // A later change of the same message is not read again.
    expect(region.firstElementChild).toBe(shown);
  });

  it('SPEC §4 event 1205: a recalled agent message leaves the live region as it leaves the screen; the others read stay', async () => {
    const batches = new Subject<EventBatch>();
    let polls = 0;
    const api = hookApi(
      { chatStart: () => of(session({ status: 2 })), getEventMsg: (): Observable<EventBatch> => (polls++ === 0 ? batches : NEVER) },
      { receiveMode: 3 },
    );
    const { engine } = testEngine({ api });
    const { container } = renderUi(<MessageList />, { engine, strict });
    await tick();
    const region = container.querySelector('[aria-live="polite"]') as HTMLElement;
    const said = (id: string, msgContent: string) => ev.message(id, { msgContent, senderType: SenderType.Agent, senderName: 'Ann' });
    // The list's first messages are history, never read: the visitor speaks first.
    act(() => void engine.sendText('My code, please?'));
    await tick();
    act(() => batches.next(batch(said('a1', 'Your code is 1234.'), said('a2', 'Anything else?'))));
    await tick();
    expect(region.textContent).toBe('Ann: Your code is 1234.Ann: Anything else?');

    act(() => batches.next(batch(ev.deleted('a1'))));
    await tick();
    expect(screen.queryByText('Your code is 1234.')).toBeNull();
    expect(region.textContent).toBe('Ann: Anything else?');
  });

  it('a recall that brings a history message back among the last ones does not read it out: only what is new to the list is read', async () => {
    const batches = new Subject<EventBatch>();
    let polls = 0;
    // 25 agent messages of history: more than the live region looks back at (the last 20).
    const history: WireMessage[] = Array.from({ length: 25 }, (_, i) => ({
      id: `h${i}`,
      senderType: SenderType.Agent,
      senderName: 'Ann',
      msgType: MsgType.Text,
      msgContent: `Old note ${i}.`,
      msgTime: T - 60_000 + i * 1_000,
    }));
    const api = hookApi(
      {
        chatStart: () => of(session({ status: 2 })),
        getHistoryMsg: () => of(history),
        getEventMsg: (): Observable<EventBatch> => (polls++ === 0 ? batches : NEVER),
      },
      { receiveMode: 3 },
    );
    const { engine } = testEngine({ api });
    const { container } = renderUi(<MessageList />, { engine, strict });
    await tick();
    const region = container.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(engine.getSnapshot().messages).toHaveLength(25);
    expect(region.textContent).toBe('');
    act(() => batches.next(batch(ev.message('n1', { msgContent: 'A new note.', senderType: SenderType.Agent, senderName: 'Ann' }))));
    await tick();
    expect(region.textContent).toBe('Ann: A new note.');
    // Recalling two messages brings "Old note 4." and "Old note 5." back among the last 20: they are not new.
    act(() => batches.next(batch(ev.deleted('h24'), ev.deleted('h23'))));
    await tick();
    expect(region.textContent).toBe('Ann: A new note.');
    act(() => batches.next(batch(ev.message('n2', { msgContent: 'One more.', senderType: SenderType.Agent, senderName: 'Ann' }))));
    await tick();
    expect(region.textContent).toBe('Ann: One more.');
  });

  it('an auto-tip (msgType 13) is a centred tip', async () => {
    const tip: WireMessage = { id: 't1', senderType: SenderType.Robot, msgType: MsgType.AutoTip, msgContent: 'Tip: ask about shipping.', msgTime: T - 1_000 };
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([tip]) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    const item = itemOf('Tip: ask about shipping.');
    expect(item.classList).toContain('message--tip');
    expect(item.querySelector('.message__tip')).not.toBeNull();
    // Laid out in its own direction (an English tip in ar or fa would read '.Tip: …' otherwise).
    expect(
      screen
        .getAllByText('Tip: ask about shipping.')
        .find((el) => el.closest('.message__tip'))
        ?.getAttribute('dir'),
    ).toBe('auto');
  });
});

describeBoth('QuickReplies', ({ strict }) => {
  it('shows icon, image, new and highlight for integrators, and hands the chosen reply back', () => {
    const onSelect = vi.fn();
    renderUi(
      <QuickReplies
        replies={[
          { name: 'Track order', code: 'track', icon: '📦', isHighlight: true },
          { name: 'Deals', code: 'deals', img: 'https://example.com/d.png', isNew: true },
        ]}
        onSelect={onSelect}
      />,
      { strict },
    );
    const track = screen.getByRole('button', { name: /Track order/ });
    expect(track.classList).toContain('quick-reply--highlight');
    const deals = screen.getByRole('button', { name: /Deals/ });
    expect(within(deals).getByRole('img', { name: 'New' })).toBeDefined();
    expect(deals.querySelector('img')?.getAttribute('src')).toBe('https://example.com/d.png');
    fireEvent.click(deals);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ code: 'deals' }));
  });
});
