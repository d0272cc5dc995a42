import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { setupServer } from 'msw/node';
import { createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiEnvelope, WireChannelInfo } from '#engine/protocol';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';
import { cardModuleOriginsFromEnv, corsOriginsFromEnv, createHost, frameAncestorsFromEnv } from '../../server/node';
import { referenceServer } from '../../server/vite';

const channelInfo = (origin: string) =>
  fetch(`${origin}/api/chat/visitor/channelInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"agent"}' });

describe('Node host', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>widget</title>');
  const script = 'console.log("widget");\n'.repeat(100);
  writeFileSync(join(dist, 'assets', 'app.js'), script);
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'loader.js'), '(()=>{})();');
  const host = createHost({ distDir: dist, devControls: false });
  const get = (path: string, headers: Record<string, string> = {}) => host.fetch(new Request(`http://localhost${path}`, { headers }));

  it('redirects / to /chat/ keeping the query', async () => {
    const response = await get('/?channelid=queue');
    expect([response.status, response.headers.get('location')]).toEqual([302, '/chat/?channelid=queue']);
  });

  it('serves built files with their type and falls back to index.html for client routes', async () => {
    const script = await get('/chat/assets/app.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    for (const path of ['/chat/', '/chat/index', '/chat/deep/route?x=1']) {
      const page = await get(path);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('<title>widget</title>');
    }
  });

  it('serves the precompressed file the browser accepts, brotli first, else the plain one', async () => {
    const br = await get('/chat/assets/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([br.headers.get('content-encoding'), br.headers.get('content-type'), br.headers.get('vary')]).toEqual([
      'br',
      expect.stringMatching(/javascript/),
      'Accept-Encoding',
    ]);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(script.length / 10);
    const gz = await get('/chat/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/chat/assets/app.js');
    expect([plain.headers.get('content-encoding'), plain.headers.get('vary'), await plain.text()]).toEqual([null, 'Accept-Encoding', script]);
  });

  it("names the loader's source map in a header, since its body does not (bytes on every host page)", async () => {
    expect((await get('/chat/loader.js')).headers.get('sourcemap')).toBe('/chat/loader.js.map');
    expect((await get('/chat/assets/app.js')).headers.get('sourcemap')).toBeNull();
  });

  it('lets browsers keep hashed assets for a year and revalidate the page on each load', async () => {
    expect((await get('/chat/assets/app.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/chat/', '/chat/index?channelid=demo']) expect((await get(path)).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers the API, with dev controls as configured', async () => {
    const json = { 'content-type': 'application/json' };
    const info = (await (
      await host.fetch(new Request('http://localhost/api/chat/visitor/channelInfo', { method: 'POST', headers: json, body: '{"id":"agent"}' }))
    ).json()) as ApiEnvelope<WireChannelInfo>;
    expect(info.data?.tenantId).toBe('agent');
    expect((await host.fetch(new Request('http://localhost/api/dev/typing', { method: 'POST', headers: json, body: '{}' }))).status).toBe(404);
  });

  it('the chat may be framed by the sites of the allow-list only (CSP frame-ancestors); anyone in the demo', async () => {
    const policy = "frame-ancestors *; script-src 'self'; object-src 'none'";
    const page = await get('/chat/?channelid=demo');
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect((await get('/chat/assets/app.js')).headers.get('content-security-policy')).toBe(policy);
    const shop = createHost({ distDir: dist, devControls: false, frameAncestors: ["'self'", 'https://shop.example'] });
    const framed = await shop.fetch(new Request('http://localhost/chat/index?channelid=demo'));
    expect(framed.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://shop.example; script-src 'self'; object-src 'none'");
    // The API is no page: no framing policy there.
    const api = await host.fetch(
      new Request('http://localhost/api/chat/visitor/channelInfo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"agent"}' }),
    );
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('FRAME_ANCESTORS: sources split by spaces or commas; a list with anything else lets nobody frame the chat, with a log line', () => {
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    expect(frameAncestorsFromEnv({}, warn)).toEqual(['*']);
    expect(frameAncestorsFromEnv({ FRAME_ANCESTORS: '  ' }, warn)).toEqual(['*']);
    expect(frameAncestorsFromEnv({ FRAME_ANCESTORS: "https://shop.example, 'self' *.example.org:8443 https:" }, warn)).toEqual([
      'https://shop.example',
      "'self'",
      '*.example.org:8443',
      'https:',
    ]);
    expect(lines).toEqual([]);
    // A whole policy pasted in: its `*` must not open the chat to every site.
    expect(frameAncestorsFromEnv({ FRAME_ANCESTORS: 'https://shop.example; script-src *' }, warn)).toEqual(["'none'"]);
    // ("script-src" reads as a host name, which a CSP source may be.)
    expect(lines).toEqual(['FRAME_ANCESTORS: "https://shop.example;" not a CSP source; nobody may frame the chat until it is fixed']);
  });

  describe('the chat page’s scripts (CSP script-src): its own, and the card modules’ origins (docs/protocol.md "Card modules")', () => {
    it('its own origin only by default; CARD_MODULE_ORIGINS adds origins, a bad entry dropped with a log line', async () => {
      const lines: string[] = [];
      const warn = (line: string) => lines.push(line);
      expect(cardModuleOriginsFromEnv({}, warn)).toEqual([]);
      expect(cardModuleOriginsFromEnv({ CARD_MODULE_ORIGINS: 'https://cards.example, https://cdn.example:8443' }, warn)).toEqual([
        'https://cards.example',
        'https://cdn.example:8443',
      ]);
      expect(lines).toEqual([]);
      expect(cardModuleOriginsFromEnv({ CARD_MODULE_ORIGINS: "https://cards.example * https://x.example/path 'unsafe-inline'" }, warn)).toEqual([
        'https://cards.example',
      ]);
      expect(lines).toEqual([`CARD_MODULE_ORIGINS: "*", "https://x.example/path", "'unsafe-inline'" not an origin (like https://cards.example); ignored`]);
      const host = createHost({ distDir: dist, devControls: false, cardModuleOrigins: ['https://cards.example'] });
      const page = await host.fetch(new Request('http://localhost/chat/index?channelid=showcase'));
      expect(page.headers.get('content-security-policy')).toBe("frame-ancestors *; script-src 'self' https://cards.example; object-src 'none'");
    });

    it('the reference backend serves the showcase’s order-status module as JavaScript any origin may import', async () => {
      const module = await createHost({ distDir: dist, devControls: false }).fetch(new Request('http://localhost/api/chat/visitor/cards/order-status.js'));
      expect(module.status).toBe(200);
      expect(module.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(module.headers.get('access-control-allow-origin')).toBe('*');
      expect(await module.text()).toMatch(/^export default function/);
    });
  });
});

describe('MSW handlers', () => {
  const server = setupServer(...createHandlers(createApp()));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('answer /api/ requests of any origin with the app', async () => {
    const envelope = (await (await channelInfo('https://widget.example')).json()) as ApiEnvelope<WireChannelInfo>;
    expect(envelope).toMatchObject({ code: 200, data: { tenantId: 'agent' } });
  });
});

describe('Vite plugin', () => {
  it('mounts the API and the demo shop page in the dev server and leaves other paths to Vite', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vite-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>vite</title>');
    const vite = await createServer({ configFile: false, root, logLevel: 'silent', plugins: [referenceServer()], server: { port: 0 } });
    await vite.listen();
    try {
      const origin = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
      expect(((await (await channelInfo(origin)).json()) as ApiEnvelope<WireChannelInfo>).data?.tenantId).toBe('agent');
      expect(await (await fetch(`${origin}/`)).text()).toContain('<title>vite</title>');
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

const LOADER_TAG = '<script async src="/chat/loader.js" data-channel-id="demo"></script>';

describe('the demo shop page', () => {
  const host = createHost({ distDir: mkdtempSync(join(tmpdir(), 'dist-')), devControls: false });
  const get = (path: string) => host.fetch(new Request(`http://localhost${path}`));

  it('/demo/ is an HTML page that embeds the chat with the loader script, revalidated on each load', async () => {
    const page = await get('/demo/');
    expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([200, 'text/html; charset=UTF-8', 'no-cache']);
    const html = await page.text();
    expect(html).toContain(LOADER_TAG);
    expect(html).toContain('window.VisitorChat = window.VisitorChat || [];');
  });

  it('is a host page, not the chat: no frame-ancestors policy', async () => {
    expect((await get('/demo/')).headers.get('content-security-policy')).toBeNull();
  });

  it('/demo redirects to /demo/', async () => {
    const response = await get('/demo');
    expect([response.status, response.headers.get('location')]).toEqual([302, '/demo/']);
  });
});

describe('CORS for the visitor API (an apiBase on another origin)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  const preflight = (host: ReturnType<typeof createHost>, origin: string) =>
    host.fetch(
      new Request('http://localhost/api/chat/visitor/channelInfo', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      }),
    );
  const call = (host: ReturnType<typeof createHost>, origin: string) =>
    host.fetch(
      new Request('http://localhost/api/chat/visitor/channelInfo', {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 'demo' }),
      }),
    );

  it('by default (the demo) any origin: the preflight of a JSON POST is answered, and the answer is readable', async () => {
    const host = createHost({ distDir: dist, corsOrigins: ['*'] });
    const answer = await preflight(host, 'https://app.example');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    const response = await call(host, 'https://app.example');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await response.json()) as ApiEnvelope<WireChannelInfo>).code).toBe(200);
  });

  it('an allow-list: its origins only; another origin gets no CORS header (the browser keeps the answer from it)', async () => {
    const host = createHost({ distDir: dist, corsOrigins: ['https://shop.example'] });
    expect((await preflight(host, 'https://shop.example')).headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect((await call(host, 'https://shop.example')).headers.get('vary')).toContain('Origin');
    expect((await preflight(host, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await call(host, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('CORS_ORIGINS: unset → any origin; a list → those; anything that is not an origin → none, with a log line', () => {
    const warn = vi.fn();
    expect(corsOriginsFromEnv({}, warn)).toEqual(['*']);
    expect(corsOriginsFromEnv({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }, warn)).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(corsOriginsFromEnv({ CORS_ORIGINS: 'https://a.example https://b.example/path' }, warn)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
