import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';

describe('agent conversations in Chromium against the npm start server', () => {
  const s = useBrowser(PHONE);

  it('SPEC §4 transfer 2: ?channelid=agent connects to the simulated agent, who answers', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=agent`);
    await page.getByRole('log').getByText('You are now chatting with Alice').waitFor();
    await page.getByRole('log').getByText("Hi, I'm Alice").waitFor();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Where is my order?');
    await input.press('Enter');
    await page.getByRole('log').getByText('looking into “Where is my order?”').waitFor({ timeout: 15_000 });
  });

  it('SPEC §4 transfer 3: ?channelid=queue shows the position counting down, then connects', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=queue`);
    await page.getByRole('log').getByText('You are number 3 in the queue').waitFor();
    await page
      .getByRole('log')
      .getByText(/You are number [12] in the queue/)
      .waitFor({ timeout: 10_000 });
    await page
      .getByRole('log')
      .getByText(/You are now chatting with/)
      .waitFor({ timeout: 15_000 });
    // Connected: the queue line is gone, not left above 'now chatting with'.
    expect(
      await page
        .getByRole('log')
        .getByText(/in the queue/)
        .count(),
    ).toBe(0);
  });

  it('SPEC §4 receive mode 0: a robot-mode visitor can ask for a human and reach the agent', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    await page.getByRole('log').getByText("Hi! I'm Robo").waitFor();
    await page.getByRole('button', { name: 'Human agent' }).click();
    await page
      .getByRole('log')
      .getByText(/You are now chatting with/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Human agent' }).count()).toBe(0);
    await page.getByRole('button', { name: 'End chat' }).waitFor();
  });

  it('asking for a human in words: the robot offers the transfer as a quick reply named like the button, and tapping it reaches the agent', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    await page.getByRole('log').getByText("Hi! I'm Robo").waitFor();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('I want to talk to a human');
    await input.press('Enter');
    await page.getByRole('log').getByText('Tap “Human agent” and an agent will join this chat.', { exact: false }).waitFor();
    const replies = page.getByRole('navigation', { name: 'Quick replies' });
    await replies.getByRole('button', { name: 'Human agent' }).click();
    await page
      .getByRole('log')
      .getByText(/You are now chatting with/)
      .waitFor();
    // Connected: neither the quick reply nor the button offers the transfer any more; nothing was
    // sent in the visitor's name for the tap.
    expect(await page.getByRole('button', { name: 'Human agent' }).count()).toBe(0);
    expect(await page.getByRole('log').locator('.message--right').allInnerTexts()).toEqual([expect.stringContaining('I want to talk to a human')]);
    await page.getByRole('log').getByText("Hi, I'm Alice").waitFor();
  });
});
