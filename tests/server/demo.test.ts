import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../server/node';
import { referenceServer } from '../../server/vite';

const LOADER_TAG = '<script async src="/chat/loader.js" data-channel-id="demo"></script>';

describe('the demo shop page', () => {
  const host = createHost({ distDir: mkdtempSync(join(tmpdir(), 'dist-')), devControls: false });
  const get = (path: string) => host.fetch(new Request(`http://localhost${path}`));

  it('/demo/ is an HTML page that embeds the chat with the loader script, revalidated on each load', async () => {
    const page = await get('/demo/');
    expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([200, 'text/html; charset=UTF-8', 'no-cache']);
    const html = await page.text();
    expect(html).toContain(LOADER_TAG);
    expect(html).toContain("window.VisitorChat = window.VisitorChat || [];");
  });

  it('is a host page, not the chat: no frame-ancestors policy', async () => {
    expect((await get('/demo/')).headers.get('content-security-policy')).toBeNull();
  });

  it('/demo redirects to /demo/', async () => {
    const response = await get('/demo');
    expect([response.status, response.headers.get('location')]).toEqual([302, '/demo/']);
  });

  it('is served the same way by the Vite dev server', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vite-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>vite</title>');
    const vite = await createServer({ configFile: false, root, logLevel: 'silent', plugins: [referenceServer()], server: { port: 0 } });
    await vite.listen();
    try {
      const origin = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
      const page = await fetch(`${origin}/demo/?lang=en`);
      expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
      expect(await page.text()).toContain(LOADER_TAG);
      const redirect = await fetch(`${origin}/demo`, { redirect: 'manual' });
      expect([redirect.status, redirect.headers.get('location')]).toEqual([302, '/demo/']);
    } finally {
      await vite.close();
    }
  });
});
