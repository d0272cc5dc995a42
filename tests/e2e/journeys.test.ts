import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { chooseLanguage, composer, connected, listSettled, messages, openChat, say, unknownQuestionFaq } from './helpers';

describe('visitor journeys in Chromium', () => {
  const s = useBrowser(PHONE);

  it('robot chat: the FAQ message under the welcome, an answer with quick replies, the FAQ list for an unknown question', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await messages(page).getByText("Hi! I'm Robo").waitFor();
    const opening = messages(page).getByRole('list', { name: 'Frequently asked questions' });
    await opening.getByRole('button', { name: 'How long does shipping take?' }).click();
    const quickReplies = page.getByRole('navigation', { name: 'Quick replies' });
    await messages(page).getByText('Standard shipping takes 3–5 business days').waitFor();
    // The answer brings its own suggestions, without the question just asked.
    await quickReplies.getByRole('button', { name: 'How do I return an item?' }).waitFor();
    expect(await quickReplies.getByRole('button', { name: 'How long does shipping take?' }).count()).toBe(0);

    await say(page, 'Do you sell unicorns?');
    const faq = unknownQuestionFaq(page);
    await faq.waitFor();
    await faq.getByRole('button', { name: 'Which payment methods do you accept?' }).click();
    await messages(page).getByText('We accept Visa, Mastercard').waitFor();
    // Each question shows once, as the visitor's own message.
    expect(await messages(page).locator('.message--right').getByText('Which payment methods do you accept?', { exact: true }).count()).toBe(1);
    await messages(page).getByRole('button', { name: 'Helpful' }).last().click();
  });

  it('ask for a human: the agent connects, types, and answers each message', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await page.getByRole('button', { name: 'Human agent' }).click();
    await connected(page);
    await messages(page).getByText("Hi, I'm Alice").waitFor();
    await say(page, 'My parcel is late');
    await page.getByRole('status').getByText('Alice is typing…').waitFor();
    await messages(page).getByText('looking into “My parcel is late”').waitFor();
    await page.getByRole('status').getByText('Alice is typing…').waitFor({ state: 'detached' });
    await say(page, 'Order 1042');
    await messages(page).getByText('looking into “Order 1042”').waitFor();
    expect(await messages(page).getByText('My parcel is late', { exact: true }).count()).toBe(1);
  });

  it('offline: the offline message offers the leave-message form, which checks its fields and sends', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'offline');
    await messages(page).getByText('All agents are offline right now').waitFor();
    await page.getByRole('button', { name: 'Leave a message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a message' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('This field is required.').first().waitFor();
    const email = dialog.getByRole('textbox', { name: /Email/ });
    await email.fill('not-an-email');
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Please call me back about order 1042.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Enter an email address like name@example.com.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('visitor@example.com');
    const name = dialog.getByRole('textbox', { name: /Name/ });
    if ((await name.count()) > 0) await name.fill('Vera Visitor');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Message sent. We will get back to you soon.').waitFor();
    await messages(page).getByText('Please call me back about order 1042.').waitFor();
  });

  it('outside working hours: the non-working message shows and a message can still be left', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'closed');
    await messages(page).getByText('We are outside our working hours').waitFor();
    await page.getByRole('button', { name: 'Leave a message' }).first().click();
    await page.getByRole('dialog', { name: 'Leave a message' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Leave a message' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'End chat' }).count()).toBe(0);
  });

  it('group picker: several groups ask the visitor to choose, and the choice connects', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'groups');
    const picker = page.getByRole('dialog', { name: 'Who would you like to talk to?' });
    await picker.waitFor();
    // The transfer waits for a choice: Escape does not dismiss it.
    await page.keyboard.press('Escape');
    expect(await picker.isVisible()).toBe(true);
    await picker.getByRole('button', { name: 'Billing' }).click();
    await picker.waitFor({ state: 'detached' });
    await connected(page);
    expect(await page.evaluate(() => window.localStorage.getItem('chat-groupId'))).toBe('billing');
  });

  it('group picker: one group is chosen without asking, none says no agent is online', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'single-group');
    await connected(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await openChat(page, s.baseUrl, 'no-groups');
    await messages(page).getByText('No agent online').waitFor();
  });

  it('reload restores the conversation: the same messages, once each, and the agent still connected', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await say(page, 'Remember me?');
    await messages(page).getByText('looking into “Remember me?”').waitFor();
    await page.reload();
    await messages(page).getByText('looking into “Remember me?”').waitFor();
    expect(await messages(page).getByText('Remember me?', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'End chat' }).waitFor();
    await say(page, 'Still here');
    await messages(page).getByText('looking into “Still here”').waitFor();
  });

  it('language switch: Arabic turns the page right-to-left, and a write to chat-lan applies without reload', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en-US', 'ltr']);
    await chooseLanguage(page, 'العربية');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar-EG', 'rtl']);
    expect(await page.evaluate(() => window.localStorage.getItem('chat-lan'))).toBe('ar');
    // The composer sits on the left in RTL: its send button is left of the text field.
    const field = await page.locator('textarea').boundingBox();
    const sendButton = await page.locator('.composer__send').boundingBox();
    expect(sendButton && field && sendButton.x < field.x).toBe(true);

    await page.evaluate(() => window.localStorage.setItem('chat-lan', 'de'));
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), { timeout: 1000 }).toEqual(['de', 'ltr']);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('embedded with from=iframe: the parent page hears of each new agent message', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=nope`);
    // Same origin as the widget, so the parent can read the visitor id the frame stores.
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1>
       <iframe title="Chat" src="${s.baseUrl}/chat/?channelid=agent&from=iframe" style="width:360px;height:600px"></iframe></body></html>`,
    );
    await page.evaluate(() => {
      const w = window as unknown as { notices: unknown[] };
      w.notices = [];
      window.addEventListener('message', (e) => w.notices.push(e.data));
    });
    const frame = page.frameLocator('iframe');
    await frame
      .getByRole('log')
      .getByText(/You are now chatting with/)
      .waitFor();
    await frame.getByRole('log').getByText("Hi, I'm Alice").waitFor();
    const before = await page.evaluate(() => (window as unknown as { notices: unknown[] }).notices.length);
    await frame.getByRole('textbox', { name: 'Message' }).fill('Hello from the shop page');
    await frame.getByRole('textbox', { name: 'Message' }).press('Enter');
    await frame.getByRole('log').getByText('looking into “Hello from the shop page”').waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { notices: unknown[] }).notices.length)).toBeGreaterThan(before);
    const notices = await page.evaluate(() => (window as unknown as { notices: unknown[] }).notices);
    expect(notices.at(-1)).toMatchObject({ source: 'visitor-chat', newMessage: true, channel: { tenantId: 'agent', title: 'Live support' } });
  });

  it('the server redirects / and /chat to /chat/ and the widget to /chat/index, keeping the query', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/?channelid=demo&username=Vera`);
    await page.waitForURL(/\/chat\/index\?channelid=demo&username=Vera$/);
    await composer(page).waitFor();
    await page.goto(`${s.baseUrl}/chat?channelid=agent`);
    await page.waitForURL(/\/chat\/index\?channelid=agent$/);
    await connected(page);
  });

  it('SPEC §9 back-to-bottom: a short scroll up within 300 ms of the list being at the bottom still shows the button (the throttle’s trailing edge)', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'showcase');
    await messages(page).getByText('Show me the help topics').waitFor();
    await listSettled(page);
    const scroller = page.locator('.message-list__scroller');
    // At the bottom (an update), then 200 px up in the same task: inside the 300 ms the button waits.
    await scroller.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      el.dispatchEvent(new Event('scroll'));
      el.scrollTop = el.scrollHeight - el.clientHeight - 200;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.getByRole('button', { name: 'Back to the latest' }).waitFor({ timeout: 2_000 });
  });

  it('a missing channel id shows the error state, not the chat', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/index?pid=p1`);
    await page.getByRole('alert').getByText('This chat is not available.').waitFor();
    expect(await composer(page).count()).toBe(0);
  });
});
