import { fireEvent, screen } from '@testing-library/react';
import { of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MsgType, SenderType } from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import { initialOf } from '../../ui/widget/components/Avatar';
import { MessageList } from '../../ui/widget/components/MessageList';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { itemOf, renderUi, stubLayout, tick } from './renderUi';

const T = Date.UTC(2024, 4, 15, 12, 0);
const ANN_PICTURE = 'https://cdn.example.com/ann.png';

beforeEach(() => {
  vi.useFakeTimers({ now: T });
  return stubLayout();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A history message, one second after the previous one (no time shown between them). */
const line = (i: number, fields: Partial<WireMessage>): WireMessage => ({
  id: `h${i}`,
  senderType: SenderType.Agent,
  msgType: MsgType.Text,
  msgContent: `m${i}`,
  msgTime: T - 60_000 + i * 1_000,
  ...fields,
});

/** The avatar beside the message that shows `text`, or null. */
function avatarBeside(text: string): HTMLElement | null {
  return itemOf(text).querySelector<HTMLElement>('.avatar');
}

describe('initialOf', () => {
  it('is the first letter, digit or emoji of a name, upper-cased, as one grapheme; empty without one', () => {
    expect(initialOf('alice')).toBe('A');
    expect(initialOf('  (bot) Zed')).toBe('B');
    expect(initialOf('王小明')).toBe('王');
    expect(initialOf('علي')).toBe('ع');
    expect(initialOf('👩🏽‍💻 Dev')).toBe('👩🏽‍💻');
    expect(initialOf('Émile')).toBe('É');
    expect(initialOf('e\u0301mile')).toBe('E\u0301');
    expect(initialOf('ilkay', 'tr')).toBe('İ');
    expect(initialOf('1st line')).toBe('1');
    // Around the ASCII letters and digits: a control character, @, ` and { are no initial.
    expect(initialOf('\u0015x')).toBe('X');
    expect(initialOf('@bob')).toBe('B');
    expect(initialOf('`zed')).toBe('Z');
    expect(initialOf('{ann}')).toBe('A');
    expect(initialOf('')).toBe('');
    expect(initialOf(' – ')).toBe('');
  });
});

describeBoth('avatars beside agent and robot messages (SPEC §9: md, circle)', ({ strict }) => {
  const history = [
    line(1, { senderType: SenderType.Robot, senderName: 'Robo', msgContent: 'Hi, I am Robo.' }),
    line(2, { senderType: SenderType.Visitor, msgContent: 'I need a person' }),
    line(3, { senderType: SenderType.System, msgContent: 'You are now chatting with Ann' }),
    line(4, { senderName: 'Ann', adminAvatar: ANN_PICTURE, msgContent: 'Hello, Ann here.' }),
    line(5, { senderName: 'Ann', msgContent: 'How can I help?' }),
    line(6, { senderType: SenderType.Visitor, msgContent: 'My parcel' }),
    line(7, { senderName: 'Ann', msgContent: 'Let me look.' }),
    line(8, { senderName: '', msgContent: 'Nameless agent' }),
  ];

  it('the picture when the backend gives one, else the initial; beside the first message of a run only; none for the visitor and system lines; hidden from screen readers', async () => {
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of(history) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();

    const robo = avatarBeside('Hi, I am Robo.');
    expect(robo?.textContent).toBe('R');
    expect(robo?.getAttribute('aria-hidden')).toBe('true');
    expect(robo?.classList).toContain('avatar--robot');
    expect(avatarBeside('Hello, Ann here.')?.querySelector('img')?.getAttribute('src')).toBe(ANN_PICTURE);
    // The same sender straight after: no second avatar, the bubble keeps the avatar's room.
    expect(avatarBeside('How can I help?')).toBeNull();
    expect(itemOf('How can I help?').classList).toContain('message--avatar');
    // A visitor message between starts a new run.
    expect(avatarBeside('Let me look.')?.textContent).toBe('A');
    expect(avatarBeside('I need a person')).toBeNull();
    expect(avatarBeside('My parcel')).toBeNull();
    expect(avatarBeside('You are now chatting with Ann')).toBeNull();
    // No name: a figure, not an empty circle.
    expect(avatarBeside('Nameless agent')?.querySelector('svg')).not.toBeNull();
    // The avatar adds nothing to what is read: the messages' accessible text has no stray initials.
    expect(screen.getByRole('log').querySelectorAll('.avatar:not([aria-hidden="true"])')).toHaveLength(0);
  });

  it('the sender is named once per run, above its first message, as the avatar shows (issue 28); a screen reader still hears the name on each', async () => {
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of(history) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();

    const shownName = (text: string) => itemOf(text).querySelector('.message__sender')?.textContent ?? null;
    expect(shownName('Hello, Ann here.')).toBe('Ann');
    expect(shownName('How can I help?')).toBeNull();
    expect(itemOf('How can I help?').querySelector('.visually-hidden')?.textContent).toBe('Ann');
    // A visitor message between starts a new run: named again.
    expect(shownName('Let me look.')).toBe('Ann');
    expect(shownName('Hi, I am Robo.')).toBe('Robo');
  });

  it('a picture that does not load falls back to the initial', async () => {
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of([line(1, { senderName: 'Ann', avatar: ANN_PICTURE, msgContent: 'Hello.' })]) }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    const img = avatarBeside('Hello.')?.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img as HTMLImageElement);
    await tick();
    expect(avatarBeside('Hello.')?.querySelector('img')).toBeNull();
    expect(avatarBeside('Hello.')?.textContent).toBe('A');
  });

  it("the robot's picture from channelInfo robotAvatar; a picture that is not http(s) is dropped", async () => {
    const wire = [
      line(1, { senderType: SenderType.Robot, senderName: 'Robo', msgContent: 'Robot here.' }),
      line(2, { senderName: 'Eve', headImg: 'javascript:alert(1)', msgContent: 'Eve here.' }),
    ];
    const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of(wire) }, { robotAvatar: 'https://cdn.example.com/robo.svg' }) });
    renderUi(<MessageList />, { engine, strict });
    await tick();
    expect(avatarBeside('Robot here.')?.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/robo.svg');
    expect(avatarBeside('Eve here.')?.querySelector('img')).toBeNull();
    expect(avatarBeside('Eve here.')?.textContent).toBe('E');
  });
});
