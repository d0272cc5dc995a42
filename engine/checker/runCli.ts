import { API_PREFIX, HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../constants';
import { apiBaseOf, checkBackend } from './checkBackend';
import type { CheckLimits } from './context';
import { formatTable, summary } from './table';

/** Where the command writes, and what it calls the backend with (tests inject both). */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  fetch?: typeof fetch;
  now?: () => number;
}

/** Exit codes: every check passed, warned or was skipped; a check failed; the command was misused. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const COMMAND = 'check-backend';

/** The --help text. */
const USAGE = `Usage: npx @visitor-chat/chat-engine ${COMMAND} <url> --channel <id> [--json] [--timeout <ms>]

Exercises a chat backend's visitor API the way the widget does (channelInfo, chatStart, messages,
robot, transfer, polling, refusals, CORS) and prints what passed, what failed and what to fix.
The protocol it checks is docs/protocol.md in the widget's repository.

  <url>            the backend's origin, e.g. https://chat.example.com: calls go to
                   <url>${API_PREFIX}<call>. A URL with a path the API lives under
                   (https://example.com/support) or one already ending in ${API_PREFIX.replace(/\/$/, '')}
                   works too.
  --channel <id>   a channel id the backend knows (the widget's ?channelid=)
  --json           print the results as JSON instead of a table
  --timeout <ms>   longest a call may take; default ${HTTP_TIMEOUT_MS} (uploads ${UPLOAD_TIMEOUT_MS}), the widget's own
  -h, --help       this text

It chats as a new visitor: it sends a few messages, asks for a human agent when the channel has one
and ends that chat, so point it at a test channel if real agents would see them.
Exit status: 0 when no check failed (warnings and skips included), 1 when one did, 2 on bad usage.
`;

interface Command {
  url: string;
  channel: string;
  json: boolean;
  limits: Partial<CheckLimits>;
}

/** The command line after the program name, or what is wrong with it. */
function parse(args: readonly string[]): Command | { help: true } | { error: string } {
  const rest = args[0] === COMMAND ? args.slice(1) : [...args];
  const positional: string[] = [];
  let channel: string | undefined;
  let json = false;
  let timeout: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? rest[++i];
    if (flag === '-h' || flag === '--help') return { help: true };
    else if (flag === '--json') json = true;
    else if (flag === '--channel') channel = value();
    else if (flag === '--timeout') timeout = value();
    else if (flag.startsWith('-')) return { error: `unknown option ${flag}` };
    else positional.push(arg);
  }
  if (positional.length === 0) return { error: 'the backend URL is missing' };
  if (positional.length > 1) return { error: `one URL only, got ${positional.map((p) => `"${p}"`).join(' ')}` };
  if (!channel?.trim()) return { error: '--channel <id> is missing' };
  const url = positional[0] ?? '';
  try {
    apiBaseOf(url);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const limits: Partial<CheckLimits> = {};
  if (timeout !== undefined) {
    const ms = Number(timeout);
    if (!Number.isInteger(ms) || ms <= 0) return { error: `--timeout wants a number of milliseconds, got "${timeout}"` };
    limits.callTimeoutMs = ms;
    limits.uploadTimeoutMs = ms;
  }
  return { url, channel: channel.trim(), json, limits };
}

/** Runs `check-backend` with the arguments after the program name; resolves to the exit code. */
export async function runCli(args: readonly string[], io: CliIO): Promise<number> {
  const command = parse(args);
  if ('help' in command) {
    io.stdout.write(USAGE);
    return EXIT.ok;
  }
  if ('error' in command) {
    io.stderr.write(`${COMMAND}: ${command.error}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const { url, channel, json, limits } = command;
  if (!json) io.stdout.write(`Checking ${apiBaseOf(url)}${API_PREFIX} with channel "${channel}"\n\n`);
  let results: Awaited<ReturnType<typeof checkBackend>>;
  try {
    results = await checkBackend({ url, channel, limits, fetch: io.fetch, now: io.now });
  } catch (e) {
    // Each check catches its own failures: this is the checker's bug, never the backend's.
    io.stderr.write(`${COMMAND}: the checker itself failed: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.failed;
  }
  const failed = results.some((r) => r.status === 'fail');
  if (json) io.stdout.write(`${JSON.stringify({ url: `${apiBaseOf(url)}${API_PREFIX}`, channel, summary: summary(results), results }, null, 2)}\n`);
  else io.stdout.write(formatTable(results));
  return failed ? EXIT.failed : EXIT.ok;
}
