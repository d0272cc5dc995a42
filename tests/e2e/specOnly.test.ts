import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MsgType, SenderType } from '#engine/model/codes';
import type { WireMessage } from '#engine/protocol';
import { DESKTOP, useBrowser } from './browser';
import { composer, messages, openChat, say } from './helpers';
import { specOnlyBackend } from './specOnlyBackend';

const HOUR = 3_600_000;
const message = (fields: Partial<WireMessage> & Pick<WireMessage, 'id' | 'senderType' | 'msgContent' | 'msgTime'>): WireMessage => ({
  msgType: MsgType.Text,
  ...fields,
});

/** Where each text first shows in the message list, in reading order (-1: not shown). */
async function orderOf(page: Page, texts: string[]): Promise<number[]> {
  const shown = (await messages(page).textContent()) ?? '';
  return texts.map((text) => shown.indexOf(text));
}

/** How many times the list shows `text`. */
const count = (page: Page, text: string) => messages(page).getByText(text, { exact: true }).count();

describe('SPEC §7 getOfflineMsg, getSessionMsg and addSessionMsg against a backend of the specification alone (issue 27)', () => {
  const s = useBrowser(DESKTOP);

  it('the agent’s reply to a message left while nobody was there shows below it when the visitor comes back, once — also after a reload', async () => {
    const { context, page } = s;
    const left = 'Do you ship to Norway?';
    const reply = 'Yes, we ship to Norway: 5 to 7 days.';
    const now = Date.now();
    await specOnlyBackend(context, {
      status: 0,
      history: [message({ id: 'left-1', senderType: SenderType.Visitor, msgType: MsgType.LeaveMessage, msgContent: left, msgTime: now - 2 * HOUR })],
      offline: [message({ id: 'reply-1', senderType: SenderType.Agent, senderName: 'Alice', msgContent: reply, msgTime: now - 2 * HOUR + 60_000 })],
    });
    await openChat(page, s.baseUrl, 'demo');
    for (let visit = 0; visit < 2; visit++) {
      await messages(page).getByText(reply, { exact: true }).waitFor();
      expect(await count(page, reply)).toBe(1);
      const [leftAt, replyAt] = await orderOf(page, [left, reply]);
      expect(leftAt).toBeGreaterThanOrEqual(0);
      expect(replyAt).toBeGreaterThan(leftAt ?? Number.POSITIVE_INFINITY);
      await page.reload();
      await composer(page).waitFor();
    }
  });

  it('a visitor back in a running conversation sees its messages once each, in order, where the history keeps none of them', async () => {
    const { context, page } = s;
    const now = Date.now();
    const session = [
      message({ id: 's-1', senderType: SenderType.Agent, senderName: 'Alice', msgContent: 'Hello, Alice here', msgTime: now - 60_000 }),
      message({ id: 's-2', senderType: SenderType.Visitor, msgContent: 'Where is my order 1042?', msgTime: now - 50_000 }),
      message({ id: 's-3', senderType: SenderType.Agent, senderName: 'Alice', msgContent: 'Let me check that for you', msgTime: now - 40_000 }),
    ];
    await specOnlyBackend(context, { status: 2, session });
    await openChat(page, s.baseUrl, 'agent');
    await messages(page).getByText('Let me check that for you', { exact: true }).waitFor();
    const texts = session.map((m) => m.msgContent);
    for (const text of texts) expect(await count(page, text)).toBe(1);
    const at = await orderOf(page, texts);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('a robot conversation handed to an agent: what the visitor and the robot said is added to the agent’s session once, in order', async () => {
    const { context, page } = s;
    const backend = await specOnlyBackend(context, { status: 0 });
    await openChat(page, s.baseUrl, 'demo');
    await say(page, 'Where is my order?');
    const answer = 'The robot’s answer to “Where is my order?”';
    await messages(page).getByText(answer, { exact: true }).waitFor();

    await page.getByRole('button', { name: /human agent/i }).click();
    await expect.poll(() => backend.bodies('addSessionMsg').map((b) => b.msgContent)).toContain(answer);
    const added = backend.bodies('addSessionMsg');
    const said = added.filter((b) => b.msgContent === 'Where is my order?' || b.msgContent === answer);
    expect(said.map((b) => [b.senderType, b.msgContent])).toEqual([
      [SenderType.Visitor, 'Where is my order?'],
      [SenderType.Robot, answer],
    ]);
    expect(new Set(added.map((b) => b.clientMsgId)).size).toBe(added.length);
    expect(added.every((b) => b.senderType === SenderType.Visitor || b.senderType === SenderType.Robot)).toBe(true);

    // Back in the agent's conversation after a reload: nothing is added again.
    await page.reload();
    await composer(page).waitFor();
    await expect.poll(() => backend.bodies('getEventMsg').length).toBeGreaterThan(1);
    expect(backend.bodies('addSessionMsg')).toHaveLength(added.length);
  });
});
