/** Every number of SPEC §9 (and the timings of §4/§7), named. */

/** Base path the widget is served under (SPEC §2, §9). */
export const BASE_PATH = '/chat/';
/** Prefix of every visitor API call (SPEC §7). */
export const API_PREFIX = '/api/chat/visitor/';
/** Id of the element the widget mounts on (SPEC §9). */
export const MOUNT_ELEMENT_ID = 'root';

/** HTTP time-out of an API call (SPEC §7, §9). */
export const HTTP_TIMEOUT_MS = 20_000;
/** HTTP time-out of an upload (SPEC §7, §9). */
export const UPLOAD_TIMEOUT_MS = 60_000;
/** Time-out of a lazily loaded code chunk (SPEC §7, §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

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
/** Tab title shows the new-message notice this long (SPEC §7). */
export const TITLE_NOTICE_MS = 1_000;
/** Language setting poll period (SPEC §7). */
export const LANGUAGE_POLL_MS = 100;
/** Countdown tick (SPEC §4 Timeouts). */
export const COUNTDOWN_TICK_MS = 1_000;
/** Seconds per minute of the configured timeouts (SPEC §4 Timeouts). */
export const SECONDS_PER_MINUTE = 60;
/** The agent-typing flag (SPEC §4 event 1204) clears after this long without a new 1204 (our choice). */
export const AGENT_TYPING_MS = 5_000;

/** Delivery indicator: loading shows after this delay (SPEC §4, §9). */
export const DELIVERY_LOADING_DELAY_MS = 800;
/** Delivery indicator: fail after this long (SPEC §4, §9). */
export const DELIVERY_MAX_MS = 12_000;
/** Delivery indicator: retry attempt period (SPEC §4, §9). */
export const DELIVERY_RETRY_MS = 5_000;

/** Voice recorder: cancel when dragged up more than this (SPEC §4, §9). */
export const RECORDER_CANCEL_PX = 80;
/** Voice recorder: shorter recordings are dropped, so a tap does not send an empty clip (our choice). */
export const RECORDER_MIN_MS = 1_000;

/** Default largest file a visitor may send; the reference server's cap too (our choice; SPEC leaves it open). */
export const MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;

/** Toast visible time, then removal delay (SPEC §9). */
export const TOAST_DURATION_MS = 2_000;
export const TOAST_REMOVE_DELAY_MS = 300;

/** Pull-to-refresh (SPEC §4, §9). */
export const PULL_DISTANCE = 20;
export const PULL_LOADING_DISTANCE = 30;
export const PULL_MAX_DISTANCE = 60;
export const PULL_RATIO = 2;

/** Composer auto-size limit (SPEC §9). */
export const INPUT_MAX_ROWS = 5;
/** Back-to-bottom button throttle (SPEC §9). */
export const BACK_TO_BOTTOM_THROTTLE_MS = 300;
/** Title-typing simulation: on 3–6 s, off 1–2 s (SPEC §9). */
export const TITLE_TYPING_ON_MS = [3_000, 6_000] as const;
export const TITLE_TYPING_OFF_MS = [1_000, 2_000] as const;

/** File sizes are shown in 1024-based units with this many decimals (SPEC §9). */
export const FILE_SIZE_BASE = 1024;
export const FILE_SIZE_DECIMALS = 2;

/** Days within which a date shows as a weekday (SPEC §9). */
export const WEEKDAY_WINDOW_DAYS = 7;

/** Carousel defaults (SPEC §9). */
export const CAROUSEL_DEFAULTS = {
  startIndex: 0,
  dragging: true,
  durationMs: 300,
  easing: 'ease',
  swipeThreshold: 20,
  clickDragThreshold: 10,
  loop: true,
  autoplayMs: 4_000,
  dots: true,
} as const;
/** Typewriter defaults (SPEC §9). */
export const TYPEWRITER_DEFAULTS = { intervalMs: 80, step: 1, initialIndex: 5 } as const;
/** Show/hide delay (SPEC §9). */
export const SHOW_HIDE_DELAY_MS = 300;
/** Avatar defaults (SPEC §9). */
export const AVATAR_DEFAULTS = { size: 'md', shape: 'circle' } as const;

/** Visitor-id local storage key (SPEC §3). */
export const visitorIdKey = (tenantId: string): string => `chat-${tenantId}-uid`;
/** Language local storage key (SPEC §3). */
export const LANGUAGE_KEY = 'chat-lan';
/** Chosen agent group local storage key (SPEC §3). */
export const GROUP_ID_KEY = 'chat-groupId';
