import { ReceiveMode } from '../model/codes';
import { trimApiBase } from '../transport/http';
import { DEFAULT_LIMITS, createRun, fail, type Check, type CheckLimits, type CheckResult, type Run, type Verdict } from './context';
import { MESSAGE_CHECKS } from './messageChecks';
import { POLL_CHECKS } from './pollChecks';
import { PROBE_CHECKS } from './probeChecks';
import { ROBOT_STREAM_CHECKS } from './robotStreamChecks';
import { START_CHECKS } from './startChecks';

/** What to check and how. */
export interface CheckOptions {
  /** The backend's origin (the engine's apiBase), or its API base ending in /api/chat/visitor. */
  url: string;
  /** A channel id the backend knows. */
  channel: string;
  /** The fetch to call the backend with (default: the global one); tests pass an in-process app. */
  fetch?: typeof fetch;
  /** The clock answer times are measured on (ms); tests pass a fake one. */
  now?: () => number;
  limits?: Partial<CheckLimits>;
  /** Hears each result as soon as its check is done. */
  onResult?: (result: CheckResult) => void;
}

/** The API prefix without its closing slash, as a URL path ends. */

/**
 * The engine's apiBase for a URL a person gives: a bare origin (https://chat.example), one with a
 * path the API lives under (https://example.com/support), or either already ending in the API
 * prefix (…/api/chat/visitor). Throws a TypeError for anything that is no http(s) URL.
 */
export function apiBaseOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`not a URL: "${url}" (give the backend's origin, e.g. https://chat.example.com)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`not an http(s) URL: "${url}"`);
  if (parsed.search || parsed.hash) throw new TypeError(`the URL must have no query or fragment: "${url}"`);
  return trimApiBase(parsed.origin + parsed.pathname);
}

/** A short random token that keeps this run's ids and texts apart from any other's. */
const newToken = (): string => crypto.randomUUID().slice(0, 8);

/**
 * The checks after the start, in the order the widget would make their calls (the start's four
 * come first: they decide the channel's mode). The transfer comes before the first
 * message on an agent channel (SPEC §4 mode 3: automatic), after the robot on a robot-first one
 * (the visitor asks for a human).
 */
function plan(run: Run): Check[] {
  const { transfer, adminCard } = START_CHECKS;
  const { sendMsg, clientMsgId, robotAsk, history, cards, historyPaging } = MESSAGE_CHECKS;
  const messages = [sendMsg, clientMsgId, robotAsk, ROBOT_STREAM_CHECKS.robotStream];
  const agentFirst = run.state.channel?.receiveMode !== ReceiveMode.RobotFirst;
  // The history last of the conversation's calls, so that it holds what they stored (a page to page through).
  return [
    ...(agentFirst ? [transfer, adminCard, ...messages] : [...messages, transfer, adminCard]),
    ...Object.values(POLL_CHECKS),
    history,
    cards,
    historyPaging,
    ...Object.values(PROBE_CHECKS),
  ];
}

/** Exercises a backend's visitor API the way the widget does and reports each check (SPEC §7, docs/protocol.md). */
export async function checkBackend(options: CheckOptions): Promise<CheckResult[]> {
  const run = createRun({
    apiBase: apiBaseOf(options.url),
    channelId: options.channel,
    fetch: options.fetch ?? globalThis.fetch,
    now: options.now ?? Date.now,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    token: newToken(),
  });
  const results: CheckResult[] = [];
  const perform = async ({ judge, ...info }: Check) => {
    let verdict: Verdict;
    try {
      verdict = await judge(run);
    } catch (error) {
      // A bug of the checker must not read as the backend's.
      verdict = fail(`the checker itself failed: ${error instanceof Error ? error.message : String(error)}`, 'report this as a bug of check-backend');
    }
    const result: CheckResult = { ...info, ...verdict };
    results.push(result);
    options.onResult?.(result);
  };
  const { channelInfo, unknownChannel, chatStart, userForm } = START_CHECKS;
  for (const check of [channelInfo, unknownChannel, chatStart, userForm]) await perform(check);
  for (const check of plan(run)) await perform(check);
  return results;
}
