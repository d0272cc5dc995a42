import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { PNG, connected, messages, openChat } from './helpers';

const UPLOAD = '**/api/chat/visitor/upload';

/** Chooses files as the attach button's picker would. */
async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(files);
}

/** Pastes an image file into the composer, as the clipboard would. */
async function pasteImage(page: Page, name: string): Promise<void> {
  await page.locator('textarea').evaluate(
    (el, { name: fileName, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], fileName, { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { name, base64: PNG.toString('base64') },
  );
}

describe('files and images in Chromium', () => {
  const s = useBrowser(PHONE);

  it('an image and a file upload and are delivered; the agent acknowledges them', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await attach(page, [{ name: 'photo.png', mimeType: 'image/png', buffer: PNG }]);
    const image = messages(page).getByRole('img', { name: 'Image', exact: true });
    await image.waitFor();
    await messages(page).getByText('Thanks for the file').waitFor();
    // Uploaded: no progress bar, no failure mark.
    expect(await messages(page).getByRole('progressbar').count()).toBe(0);

    await attach(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await messages(page).getByText('notes.txt').waitFor();
    await messages(page).getByRole('link', { name: 'Download' }).waitFor();
    expect(await messages(page).getByText('Not delivered').count()).toBe(0);
  });

  it('a failed upload (fail.png) is marked not delivered; retry uploads again', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/chat/visitor/upload')) uploads += 1;
    });
    await attach(page, [{ name: 'fail.png', mimeType: 'image/png', buffer: PNG }]);
    await messages(page).getByText('Not delivered').waitFor();
    expect(uploads).toBe(1);
    await messages(page).getByRole('button', { name: 'Not delivered. Retry' }).click();
    await expect.poll(() => uploads).toBe(2);
    // The server refuses fail.* every time, so it fails again; still one message.
    await messages(page).getByRole('button', { name: 'Not delivered. Retry' }).waitFor();
    expect(await messages(page).getByRole('img', { name: 'Image', exact: true }).count()).toBe(1);
  });

  it('an upload that failed in transit succeeds on retry', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await page.route(UPLOAD, (route) => route.fulfill({ status: 500, body: 'down' }));
    await attach(page, [{ name: 'receipt.png', mimeType: 'image/png', buffer: PNG }]);
    await messages(page).getByText('Not delivered').waitFor();
    await page.unroute(UPLOAD);
    await messages(page).getByRole('button', { name: 'Not delivered. Retry' }).click();
    await messages(page).getByText('Thanks for the file').waitFor();
    expect(await messages(page).getByText('Not delivered').count()).toBe(0);
    expect(await messages(page).getByRole('img', { name: 'Image', exact: true }).count()).toBe(1);
  });

  it('a pasted image asks for confirmation: cancel sends nothing, send delivers it', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await pasteImage(page, 'pasted.png');
    const confirm = page.getByRole('dialog', { name: 'Send photo' });
    await confirm.waitFor();
    await confirm.getByRole('img', { name: 'Pasted image' }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await messages(page).getByRole('img', { name: 'Image', exact: true }).count()).toBe(0);
    expect(await page.locator('textarea').inputValue()).toBe('');

    await pasteImage(page, 'pasted.png');
    await confirm.getByRole('button', { name: 'Send' }).click();
    await confirm.waitFor({ state: 'detached' });
    await messages(page).getByRole('img', { name: 'Image', exact: true }).waitFor();
    await messages(page).getByText('Thanks for the file').waitFor();
  });
});
