import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { connected, dev, history, messages, openChat, say, visitorId } from './helpers';

describe('the agent side of a conversation in Chromium', () => {
  const s = useBrowser(PHONE);

  it('the agent ends the session: the close message, then the evaluation is submitted', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const userId = await visitorId(page, 'agent');
    await dev(s.baseUrl, 'endSession', { userId, outType: 2 });
    await messages(page).getByText('The agent has closed the conversation.').waitFor();
    const dialog = page.getByRole('dialog', { name: 'How was your conversation?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    // The visitor taps the fourth star (its label; the radio inside is visually hidden).
    await dialog.locator('label', { hasText: 'Good' }).click();
    expect(await dialog.getByRole('radio', { name: 'Good' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: /Comment/ }).fill('Quick and friendly.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.waitFor();
    await thanks.getByRole('button', { name: 'Done' }).click();
    await thanks.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'End chat' }).count()).toBe(0);
    // Submitted: the offer to rate is gone.
    expect(await page.getByRole('button', { name: 'Rate this conversation' }).count()).toBe(0);
  });

  it('the agent deletes a message: it disappears from the conversation', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const userId = await visitorId(page, 'agent');
    await dev(s.baseUrl, 'agentSay', { userId, text: 'Oops, this was meant for someone else.' });
    await dev(s.baseUrl, 'agentSay', { userId, text: 'This one stays.' });
    await messages(page).getByText('This one stays.').waitFor();
    const stored = await history(s.baseUrl, userId);
    const msgId = stored.find((m) => m.msgContent === 'Oops, this was meant for someone else.')?.id;
    expect(msgId).toBeTruthy();
    await dev(s.baseUrl, 'deleteMessage', { userId, msgId });
    await messages(page).getByText('Oops, this was meant for someone else.').waitFor({ state: 'detached' });
    expect(await messages(page).getByText('This one stays.').count()).toBe(1);
    // Also gone after a reload.
    await page.reload();
    await messages(page).getByText('This one stays.').waitFor();
    expect(await messages(page).getByText('Oops, this was meant').count()).toBe(0);
  });

  it('timeouts (1 minute, on the page clock): the visitor-timeout message, then the agent-timeout message', async () => {
    const { page } = s;
    await page.clock.install();
    await openChat(page, s.baseUrl, 'timeouts');
    await connected(page);
    const visitorTimeout = messages(page).getByText('Are you still there?');
    const agentTimeout = messages(page).getByText('The agent has not answered for a while');
    await page.clock.runFor('00:50');
    expect(await visitorTimeout.count()).toBe(0);
    await page.clock.runFor('00:15');
    await visitorTimeout.waitFor();

    // The visitor speaks: now the agent's countdown runs (this channel's agent never answers).
    await say(page, 'Hello?');
    await expect.poll(async () => (await history(s.baseUrl, await visitorId(page, 'timeouts'))).some((m) => m.msgContent === 'Hello?')).toBe(true);
    await page.clock.runFor('00:50');
    expect(await agentTimeout.count()).toBe(0);
    // A jump, as a throttled background tab sees time: the 1 s timer fires once, and the countdown
    // still ends because it reads the time left from the clock, not from the number of ticks.
    await page.clock.fastForward('00:15');
    await page.clock.runFor('00:03');
    await agentTimeout.waitFor();
    expect(await visitorTimeout.count()).toBe(1);
  });
});
