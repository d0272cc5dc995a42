import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './browser';
import { axeViolations, composer, openChat, say } from './helpers';

/** Issue 28: where no agent can answer, the visitor is never left typing into nothing. */
describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('no dead ends (issue 28), %s', (_name, viewport) => {
  const s = useBrowser(viewport);

  it('no group online: "Leave a message" is offered; a typed message opens the form with it, and is left without a contact', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'no-groups');
    await page.getByRole('log').getByText('No agent online').waitFor();
    await page.getByRole('button', { name: 'Leave a message' }).waitFor();

    await say(page, 'Is anyone there?');
    const dialog = page.getByRole('dialog', { name: 'Leave a message' });
    expect(await dialog.getByLabel(/Message/).inputValue()).toBe('Is anyone there?');
    // The text stays in the composer (behind the dialog) until it is left.
    expect(await page.getByPlaceholder('Type a message…').inputValue()).toBe('Is anyone there?');
    expect(await page.getByRole('log').locator('.message--right').count()).toBe(0);
    expect(await axeViolations(page, `no-groups leave-message form ${_name}`)).toEqual([]);

    await dialog.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText('Message sent', { exact: false }).waitFor();
    await expect.poll(() => composer(page).inputValue()).toBe('');
  });

  it('agents offline: the form asks for a phone or an email (the channel promised an answer); an international phone is accepted and sent as + and digits', async () => {
    const { page } = s;
    const bodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/leaveMsg')) bodies.push(r.postDataJSON());
    });
    await openChat(page, s.baseUrl, 'offline');
    await page.getByRole('button', { name: 'Leave a message' }).waitFor();
    await say(page, 'Please call me about order 1042');
    const dialog = page.getByRole('dialog', { name: 'Leave a message' });
    await dialog.getByRole('button', { name: 'Send message' }).click();

    const phone = dialog.getByLabel(/Phone/);
    // Said above the fields from the start, and again as the phone field's error.
    await expect.poll(() => dialog.getByText('Enter a phone number or an email, so that we can answer you.').count()).toBe(2);
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(bodies).toEqual([]);
    expect(await axeViolations(page, `offline leave-message form with its contact error ${_name}`)).toEqual([]);

    await phone.fill('+44 20 7946 0958');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText('Message sent', { exact: false }).waitFor();
    expect(bodies).toEqual([expect.objectContaining({ phone: '+442079460958', content: 'Please call me about order 1042' })]);
    await expect.poll(() => composer(page).inputValue()).toBe('');
    await page.getByRole('log').locator('.message--right').getByText('Please call me about order 1042').waitFor();
  });

  it("an unknown channel in Chinese: the visitor's words only, Try again, and the server's words folded for support", async () => {
    const { page, context } = s;
    await context.addInitScript(() => localStorage.setItem('chat-lan', 'zh'));
    await page.goto(`${s.baseUrl}/chat/index?channelid=nope`);
    await page.getByRole('alert').getByText('该聊天不可用。').waitFor();
    await page.getByRole('button', { name: '重试' }).waitFor();
    expect(await page.getByText('channel not found').isVisible()).toBe(false);
    expect(await axeViolations(page, `error page zh ${_name}`)).toEqual([]);
    await page.getByText('技术详情（供客服查看）').click();
    await page.getByText('unknownChannel: channel not found').waitFor();
  });
});
