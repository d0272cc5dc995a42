import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { connected, openChat } from './helpers';

/** Submits the user form empty, then with a bad phone and email, then valid: each error shows beside its field. */
async function fillWithErrors(page: Page, form: Locator): Promise<void> {
  const start = form.getByRole('button', { name: 'Start chat' });
  const name = form.getByRole('textbox', { name: /Name/ });
  const phone = form.getByRole('textbox', { name: /Phone/ });
  const email = form.getByRole('textbox', { name: /Email/ });
  await start.click();
  await form.getByText('This field is required.').waitFor();
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  // Focus goes to the first invalid field.
  await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);

  await name.fill('Vera Visitor');
  await phone.fill('12345');
  await email.fill('vera@example');
  await start.click();
  await form.getByText('Enter a phone number: 11 digits starting with 1, or + and the country code.').waitFor();
  await form.getByText('Enter an email address like name@example.com.').waitFor();
  expect(await form.getByText('This field is required.').count()).toBe(0);
  expect(await phone.getAttribute('aria-invalid')).toBe('true');
  // The error is the field's description.
  const describedBy = await phone.getAttribute('aria-describedby');
  expect(describedBy && (await page.locator(`[id="${describedBy.split(' ')[0] ?? ''}"]`).innerText())).toContain('11 digits');

  await phone.fill('13800138000');
  await email.fill('vera@example.com');
  await start.click();
}

describe('user information form in Chromium', () => {
  const s = useBrowser(PHONE);

  it('modal form (channel form): cannot be dismissed, shows validation errors, then starts the chat', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'form');
    const dialog = page.getByRole('dialog', { name: 'Before we start' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await fillWithErrors(page, dialog);
    await dialog.waitFor({ state: 'detached' });
    await connected(page);
  });

  it('inline form (channel form-inline): a panel above the composer with the same checks', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'form-inline');
    const panel = page.getByRole('region', { name: 'Before we start' });
    await panel.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await fillWithErrors(page, panel);
    await panel.waitFor({ state: 'detached' });
    await connected(page);
  });

  it("inline form at 360×640: 'Start chat' is whole, above the composer, and takes the tap", async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'form-inline');
    const panel = page.getByRole('region', { name: 'Before we start' });
    const start = panel.getByRole('button', { name: 'Start chat' });
    await start.waitFor();
    const button = await start.boundingBox();
    const bar = await page.locator('.composer').boundingBox();
    const viewport = page.viewportSize();
    if (!button || !bar || !viewport) throw new Error('no layout');
    // Whole (not scrolled half out of the panel) and clear of the composer below it.
    expect(button.y).toBeGreaterThanOrEqual(0);
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
    // What a finger on its centre meets is the button itself, not the composer.
    expect(
      await start.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit !== null && el.contains(hit);
      }),
    ).toBe(true);

    await panel.getByRole('textbox', { name: /Name/ }).fill('Vera Visitor');
    await start.tap();
    await panel.waitFor({ state: 'detached' });
    await connected(page);
  });

  it('a failed form submission shows the submission-failed toast and keeps the form', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'form');
    const dialog = page.getByRole('dialog', { name: 'Before we start' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill('__fail__');
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('Submission failed').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Vera');
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    await connected(page);
  });
});
