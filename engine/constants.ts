/**
 * The protocol's and the engine's numbers and names of SPEC §9 (and the timings of §4/§7). The UI's
 * own numbers (toasts, pull-to-refresh, recorder, composer, …) live beside the UI code that uses them.
 */

/** Base path the widget is served under (SPEC §2, §9). */
export const BASE_PATH = '/chat/';
/** Prefix of every visitor API call (SPEC §7). */
export const API_PREFIX = '/api/chat/visitor/';

/**
 * HTTP time-out of an API call (SPEC §7, §9). Also how long a sendMsg attempt may still confirm its
 * message, from its start, even after the delivery fail (our choice: a late confirmation wins over
 * the 12 s timeout until the attempt's own time-out, so the attempt of 10 s may confirm until 30 s).
 */
export const HTTP_TIMEOUT_MS = 20_000;
/** HTTP time-out of an upload (SPEC §7, §9). */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** A message shows its time when this long passed since the last one shown with a time (SPEC §3, §9). */
export const TIME_GAP_MS = 300_000;

/** Event polling period (SPEC §7, §9). */
export const POLL_INTERVAL_MS = 2_000;
/** Read receipts at most once per this period (SPEC §7, §9). */
export const READ_RECEIPT_THROTTLE_MS = 5_000;
/** Typing notices at most once per this period (SPEC §7, §9). */
export const TYPING_THROTTLE_MS = 500;
/** System-message queue consumption period when idle (SPEC §7, §9). */
export const SYSTEM_QUEUE_IDLE_MS = 1_000;
/** System-message queue consumption period while it has items (SPEC §7, §9). */
export const SYSTEM_QUEUE_BUSY_MS = 10;
/** History page size (SPEC §7, §9). */
export const HISTORY_PAGE_SIZE = 20;
/** Countdown tick (SPEC §4 Timeouts). */
export const COUNTDOWN_TICK_MS = 1_000;
/** Seconds per minute of the configured timeouts (SPEC §4 Timeouts). */
export const SECONDS_PER_MINUTE = 60;
/** The agent-typing flag (SPEC §4 event 1204) clears after this long without a new 1204 (our choice). */
export const AGENT_TYPING_MS = 5_000;

/**
 * robotTips (SPEC §7) are asked once the visitor pauses typing this long (our choice): longer than the
 * gap between a steady typist's keystrokes (about 150–250 ms), so a word in progress asks nothing, and
 * short enough that suggestions arrive while the visitor still reads their own line. It is also SPEC
 * §9's show/hide delay (300 ms).
 */
export const TIPS_DEBOUNCE_MS = 300;
/** At most this many robot suggestions show at once (issue 25; our choice: a list read at a glance). */
export const MAX_TIPS = 5;
/** The nav bar's simulated typing (SPEC §9 "Title-typing simulation 3-6 s on, 1-2 s off"): an "on" phase lasts 3–6 s… */
export const TITLE_TYPING_ON_MS = { min: 3_000, max: 6_000 } as const;
/** …and an "off" phase 1–2 s, each drawn anew from the engine's random source (ChatEngineOptions.random). */
export const TITLE_TYPING_OFF_MS = { min: 1_000, max: 2_000 } as const;

/** Delivery indicator: loading shows after this delay (SPEC §4, §9). */
export const DELIVERY_LOADING_DELAY_MS = 800;
/** Delivery indicator: fail after this long (SPEC §4, §9). */
export const DELIVERY_MAX_MS = 12_000;
/** Delivery indicator: retry attempt period (SPEC §4, §9). */
export const DELIVERY_RETRY_MS = 5_000;

/** A wait that doubles with each failed try, from `firstMs` up to `maxMs`: the wait after `attempt` tries failed. */
const backoff =
  (firstMs: number, maxMs: number) =>
  (attempt: number): number =>
    Math.min(firstMs * 2 ** (attempt - 1), maxMs);
/** The wait before try `attempt + 1` of a start (or a session's restart) after `attempt` tries failed: 1 s, 2 s, 4 s … at most 30 s (our choice). */
export const retryWaitMs: (attempt: number) => number = /* @__PURE__ */ backoff(1_000, 30_000);
/**
 * The wait before background resend `attempt + 1` of the visitor's failed messages (issue 27, our
 * choice): 5 s, 10 s, 20 s … at most 60 s, or longer when the server's Retry-After says so.
 */
export const resendWaitMs: (attempt: number) => number = /* @__PURE__ */ backoff(5_000, 60_000);
/** Background resends stop after this long without a success (the network's return, the page shown again or a new session send them again). */
export const RESEND_FOR_MS: number = 30 * 60_000;
/** The longest Retry-After the engine honours: a server asking for more is asked again after this. */
export const RETRY_AFTER_MAX_MS: number = 5 * 60_000;

/** Push (docs/protocol.md "Push"): the stream's path under the API prefix when the channel names none. */
export const EVENT_STREAM_PATH = 'events';
/** How often a push stream carries a heartbeat at least (the reference server's period; asked of backends). */
export const PUSH_HEARTBEAT_MS = 15_000;
/** A push stream with nothing (no batch, no heartbeat) for this long is taken for dead: three heartbeats (our choice). */
export const PUSH_SILENCE_MS: number = 3 * PUSH_HEARTBEAT_MS;
/** A push stream that stayed up this long was healthy: the backoff of its next failure starts over (our choice). */
export const PUSH_STABLE_MS = 60_000;
/** How long polling stands in after push failed `failures` times in a row: 5 s, 10 s, 20 s … at most 5 min (our choice). */
export const pushRetryWaitMs: (attempt: number) => number = /* @__PURE__ */ backoff(5_000, 300_000);

/**
 * A streamed robot answer with no frame for this long has stalled: it fails with what arrived
 * (docs/protocol.md "Streamed answers"; the HTTP time-out's 20 s, counted from each frame).
 */
export const ROBOT_STALL_MS = 20_000;

/** Default largest file a visitor may send; the reference server's cap too (our choice; SPEC leaves it open). */
export const MAX_FILE_SIZE_BYTES: number = 10 * 1024 * 1024;

/** Visitor-id local storage key (SPEC §3). */
export const visitorIdKey = (tenantId: string): string => `chat-${tenantId}-uid`;
/**
 * Where the unconfirmed messages of this browser's visitor on a channel are kept across page loads
 * (docs/protocol.md "Outbox"; our choice): by channel id, known from the first moment, so that a
 * message typed while the chat still connects is kept too.
 */
export const outboxKey = (channelId: string): string => `chat-${channelId}-outbox`;
/** Chosen agent group local storage key (SPEC §3). */
export const GROUP_ID_KEY = 'chat-groupId';

/**
 * The typewriter of a robot answer that arrived whole (SPEC §9 "Typewriter: 80 ms interval, step 1,
 * initial index 5"): the first TYPEWRITER_INITIAL characters at once, then TYPEWRITER_STEP more every
 * TYPEWRITER_INTERVAL_MS.
 */
export const TYPEWRITER_INTERVAL_MS = 80;
/** SPEC §9 Typewriter "step 1": characters added per interval (at least; see TYPEWRITER_MAX_MS). */
export const TYPEWRITER_STEP = 1;
/** SPEC §9 Typewriter "initial index 5": characters shown at once. */
export const TYPEWRITER_INITIAL = 5;
/**
 * No answer takes longer than this to type out (our choice; SPEC §9 names no cap): a longer answer
 * gets a larger step, so a 2,000-character answer is typed in 2 s, not in 160 s.
 */
export const TYPEWRITER_MAX_MS = 2_000;
