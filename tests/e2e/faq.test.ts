import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAQ_QUESTIONS } from '../../server/robot.ts';
import { PHONE, useBrowser } from './browser';
import { composer, messages } from './helpers';

/** The FAQ lists on screen (SPEC §3 msgType faq): each FAQ message's list of questions. */
const faqLists = (page: Page) => messages(page).getByRole('list', { name: 'Frequently asked questions' });

/** The reference channel `demo` as one whose robot welcome is off (SPEC §3 robotWelcomeMode 0), its FAQ on. */
async function withoutWelcome(page: Page): Promise<void> {
  await page.route('**/api/chat/visitor/channelInfo', async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as { data?: Record<string, unknown> };
    if (envelope.data) envelope.data.robotWelcomeMode = 0;
    await route.fulfill({ response, json: envelope });
  });
}

describe('the FAQ message wherever the channel enables it (SPEC §2, §3 faqMode/faqConfig; issue 25)', () => {
  const s = useBrowser(PHONE);

  it('with the robot welcome off the FAQ still shows; a returning visitor sees it again; a question from it gets its answer', async () => {
    const { page } = s;
    await withoutWelcome(page);
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    await composer(page).waitFor();
    await expect.poll(() => faqLists(page).count()).toBe(1);
    expect(await messages(page).getByText("Hi! I'm Robo").count()).toBe(0);
    const questions = await faqLists(page).first().getByRole('button').allInnerTexts();
    expect(questions.map((q) => q.trim())).toEqual([...FAQ_QUESTIONS]);

    // Asked from the list: the question is the visitor's, and the robot answers it.
    await faqLists(page).first().getByRole('button', { name: 'What are your opening hours?' }).click();
    await messages(page).locator('.message--right').getByText('What are your opening hours?').waitFor();
    await messages(page).getByText('We are open Monday to Friday').waitFor();

    // Back later (a reload): the conversation is there once, and the FAQ is offered again.
    await page.reload();
    await messages(page).getByText('We are open Monday to Friday').waitFor();
    await expect.poll(() => faqLists(page).count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => messages(page).locator('.message--right').getByText('What are your opening hours?', { exact: true }).count()).toBe(1);
  });
});
