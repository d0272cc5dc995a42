import { describe, expect, it } from 'vitest';
import { apiBaseOf } from '#engine/checker/checkBackend';
import type { CheckResult } from '#engine/checker/context';
import { EXIT, runCli, type CliIO } from '#engine/checker/runCli';
import { formatTable } from '#engine/checker/table';
import { answers, fakeClock, faulty, referenceBackend, slow, type Fetch } from './backends';

/** A command run: what it printed and its exit code. */
async function cli(args: string[], fetch: Fetch = referenceBackend(), now = fakeClock().now) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: { write: (t) => (stdout += t) }, stderr: { write: (t) => (stderr += t) }, fetch, now };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe('check-backend on the command line', () => {
  it.each([
    [[], 'the backend URL is missing'],
    [['check-backend', 'http://localhost:8080'], '--channel <id> is missing'],
    [['check-backend', '--channel', 'demo'], 'the backend URL is missing'],
    [['check-backend', 'ftp://localhost', '--channel', 'demo'], 'not an http(s) URL'],
    [['check-backend', 'localhost:8080', '--channel', 'demo'], 'not an http(s) URL'],
    [['check-backend', 'http://localhost:8080/?channelid=demo', '--channel', 'demo'], 'no query or fragment'],
    [['check-backend', 'http://a.test', 'http://b.test', '--channel', 'demo'], 'one URL only'],
    [['check-backend', 'http://localhost:8080', '--channel', 'demo', '--verbose'], 'unknown option --verbose'],
    [['check-backend', 'http://localhost:8080', '--channel', 'demo', '--timeout', 'soon'], '--timeout wants a number of milliseconds'],
  ])('%j is bad usage: exit 2, the reason and the usage on stderr', async (args, reason) => {
    const { code, stdout, stderr } = await cli(args);
    expect([code, stdout]).toEqual([EXIT.usage, '']);
    expect(stderr).toContain(reason);
    expect(stderr).toContain('Usage: npx @visitor-chat/chat-engine check-backend <url> --channel <id>');
  });

  it('--help prints the usage, saying which URL to give, and exits 0', async () => {
    const { code, stdout } = await cli(['check-backend', '--help']);
    expect(code).toBe(EXIT.ok);
    expect(stdout).toContain("the backend's origin, e.g. https://chat.example.com: calls go to");
    expect(stdout).toContain('<url>/api/chat/visitor/<call>');
  });

  it('a passing run prints the table, every line within 100 columns, and exits 0', async () => {
    const { code, stdout, stderr } = await cli(['check-backend', 'http://localhost:8080', '--channel', 'agent']);
    expect([code, stderr]).toEqual([EXIT.ok, '']);
    expect(stdout).toMatch(/^Checking http:\/\/localhost:8080\/api\/chat\/visitor\/ with channel "agent"\n/);
    expect(stdout).toContain('PASS   chatStart        a new visitor gets a session');
    expect(stdout).toMatch(/26 checks: \d+ passed, 0 failed, 0 warnings, \d+ skipped\n$/);
    for (const line of stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('a failing run exits 1 and shows the failed check with its fix', async () => {
    const broken = faulty(answers('sendMsg', (e) => ({ ...e, data: { status: 0 } })));
    const { code, stdout } = await cli(['check-backend', 'http://localhost:8080', '--channel', 'agent'], broken);
    expect(code).toBe(EXIT.failed);
    expect(stdout).toContain('FAIL   sendMsg          a visitor text message is delivered');
    expect(stdout).toContain('fix: answer {"code":200,"data":{"status":1,"id":"…"}} once the message is stored');
  });

  it('a run with only warnings still exits 0', async () => {
    const noId = faulty(answers('sendMsg', (e) => ({ ...e, data: { status: 1 } })));
    const { code, stdout } = await cli(['check-backend', 'http://localhost:8080', '--channel', 'agent'], noId);
    expect(code).toBe(EXIT.ok);
    expect(stdout).toContain('WARN   sendMsg');
  });

  it('--json prints the results for machines, and nothing else', async () => {
    const { code, stdout } = await cli(['check-backend', 'http://localhost:8080', '--channel=demo', '--json']);
    expect(code).toBe(EXIT.ok);
    const report = JSON.parse(stdout) as { url: string; channel: string; summary: string; results: CheckResult[] };
    expect(report).toMatchObject({ url: 'http://localhost:8080/api/chat/visitor/', channel: 'demo' });
    expect(report.results.map((r) => r.id)).toContain('poll-timing');
    expect(report.results.every((r) => ['pass', 'skip'].includes(r.status))).toBe(true);
  });

  it('--timeout sets how long a call may take: a slower answer fails its check', async () => {
    const clock = fakeClock();
    const { code, stdout } = await cli(
      ['check-backend', 'http://localhost:8080', '--channel', 'agent', '--timeout', '1000'],
      faulty(slow('chatStart', 1_500, clock)),
      clock.now,
    );
    expect(code).toBe(EXIT.failed);
    expect(stdout).toContain('no answer within 1,000 ms (it took 1,500 ms)');
  });

  it('calls the same endpoints whether the URL is the origin or already ends in the API prefix', async () => {
    const called = async (url: string) => {
      const urls: string[] = [];
      const inner = referenceBackend();
      const spy = ((input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(new Request(input, init).url);
        return inner(input, init);
      }) as Fetch;
      await cli(['check-backend', url, '--channel', 'agent'], spy);
      return urls[0];
    };
    expect(await called('https://chat.example.com')).toBe('https://chat.example.com/api/chat/visitor/channelInfo');
    expect(await called('https://chat.example.com/api/chat/visitor/')).toBe('https://chat.example.com/api/chat/visitor/channelInfo');
    expect(await called('https://example.com/support/api/chat/visitor')).toBe('https://example.com/support/api/chat/visitor/channelInfo');
  });
});

describe('apiBaseOf', () => {
  it.each([
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['http://localhost:8080/api/chat/visitor', 'http://localhost:8080'],
    ['http://localhost:8080/api/chat/visitor/', 'http://localhost:8080'],
    ['https://example.com/support', 'https://example.com/support'],
    ['https://example.com/support/api/chat/visitor/', 'https://example.com/support'],
  ])('reads %s as the engine apiBase %s', (url, base) => {
    expect(apiBaseOf(url)).toBe(base);
  });
});

describe('formatTable', () => {
  it('wraps long details and fixes within 100 columns, the fix under its row with a hanging indent', () => {
    const result: CheckResult = {
      id: 'send-msg',
      call: 'sendMsg, getHistoryMsg',
      title: 'a visitor text message is delivered',
      status: 'fail',
      detail: 'x '.repeat(80).trim(),
      fix: `answer ${'y '.repeat(80).trim()}`,
      specRef: '§4 Sending, §7 sendMsg',
    };
    const lines = formatTable([result]).split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines.slice(2, 4)).toEqual([
      'FAIL   sendMsg,         a visitor text message is delivered            §4 Sending, §7 sendMsg',
      '       getHistoryMsg',
    ]);
    const fix = lines.findIndex((line) => line.startsWith('       fix: answer'));
    expect(lines[fix + 1]).toMatch(/^ {12}y y/);
    expect(lines.at(-2)).toBe('1 check: 0 passed, 1 failed, 0 warnings, 0 skipped');
  });
});
