import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { chooseLanguage, messages, openChat, say } from './helpers';

/**
 * The English words only on-demand parts show come with the first part, not with the entry
 * (scripts/englishParts.ts): a part is never shown before them, in English or after a switch to
 * English, so a visitor never sees a raw message id.
 */
describe('the English words of the on-demand parts', () => {
  const s = useBrowser(PHONE);

  /**
   * Waits, as a visitor reads it, until the chat says no agent is online: a text typed after that
   * opens the leave-message form with it, one typed before is sent (and the form is only offered).
   * On a busy machine the composer was ready first, and the form never opened.
   */
  const noAgentOnline = (page: Page, text = 'No agent online') => messages(page).getByText(text).waitFor();

  it('the leave-message form, a part, opens in English with its own words', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'no-groups');
    await noAgentOnline(page);
    await say(page, 'Is anyone there?');
    const dialog = page.getByRole('dialog', { name: 'Leave a message' });
    await dialog.getByRole('button', { name: 'Send message' }).waitFor();
    await dialog.getByText('(optional)').first().waitFor();
  });

  it('a visitor who opened the form in German and switches to English reads it in English', async () => {
    const { page, context } = s;
    await context.addInitScript(() => localStorage.setItem('chat-lan', 'de'));
    await page.goto(`${s.baseUrl}/chat/?channelid=no-groups`);
    const composer = page.getByRole('textbox', { name: 'Nachricht' });
    await noAgentOnline(page, 'Kein Mitarbeiter online');
    await composer.fill('Ist jemand da?');
    await composer.press('Enter');
    const german = page.getByRole('dialog', { name: 'Nachricht hinterlassen' });
    await german.getByRole('button', { name: 'Nachricht senden' }).waitFor();
    await page.keyboard.press('Escape');
    await german.waitFor({ state: 'detached' });
    await chooseLanguage(page, 'English');
    await page.getByRole('button', { name: 'Leave a message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a message' });
    await dialog.getByRole('button', { name: 'Send message' }).waitFor();
    await dialog.getByText('(optional)').first().waitFor();
  });

  it('when the English words do not arrive the part says Try again, and shows in English once they do', async () => {
    const { page } = s;
    let down = true;
    await page.route('**/assets/englishRest-*.js*', (route) => (down ? route.abort('internetdisconnected') : route.continue()));
    await openChat(page, s.baseUrl, 'no-groups');
    await noAgentOnline(page);
    await say(page, 'Is anyone there?');
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    down = false;
    await retry.click();
    const dialog = page.getByRole('dialog', { name: 'Leave a message' });
    await dialog.getByRole('button', { name: 'Send message' }).waitFor();
  });
});
