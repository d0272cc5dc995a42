import { useCallback, useEffect, useRef, useState, type PointerEvent, type TouchEvent } from 'react';
import { canLoadOlder, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';

/** Pull-to-refresh (SPEC §4, §9). */
const PULL_DISTANCE = 20;
const PULL_LOADING_DISTANCE = 30;
const PULL_MAX_DISTANCE = 60;
const PULL_RATIO = 2;

/** SPEC §4 Pull-to-refresh states. */
export type PullStatus = 'pending' | 'pull' | 'active' | 'loading';

/** The options of {@link usePullToRefresh}. */
export interface PullToRefreshOptions {
  /** Whether the scrolled content is at its top, where a pull may begin; default: the container's scrollTop is 0. */
  atTop?: ((container: HTMLElement) => boolean) | undefined;
}

/** The gesture while the finger (or mouse) is down. */
interface Gesture {
  status: 'pending' | 'pull' | 'active';
  distance: number;
}

const REST: Gesture = { status: 'pending', distance: 0 };
const pick = (s: ChatState) => ({ loading: s.history.loading, canLoad: canLoadOlder(s) });
const scrolledToTop = (el: HTMLElement) => el.scrollTop <= 0;

/** What usePullToRefresh returns: the gesture's status and distance, and the list container's props. */
export interface UsePullToRefreshResult {
  status: PullStatus;
  /** How far the list is pulled down, in px. */
  distance: number;
  /** Props of the scrolling list's container: its touch and pointer handlers. */
  getContainerProps: () => {
    onTouchStart: (e: TouchEvent<HTMLElement>) => void;
    onTouchMove: (e: TouchEvent<HTMLElement>) => void;
    onTouchEnd: () => void;
    onTouchCancel: () => void;
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    onPointerUp: (e: PointerEvent<HTMLElement>) => void;
    onPointerCancel: (e: PointerEvent<HTMLElement>) => void;
  };
}

/**
 * Pull-to-refresh over the message list (SPEC §4, §9): pending → pull → active once pulled past
 * 20 px (finger travel ÷ 2, capped at 60) → loading (held at 30 px) after release while active,
 * which loads the next older history page (getHistoryMsg with maxTime = the oldest message).
 * `getContainerProps()` wires touch and mouse/pen pointer handlers onto the scroll container.
 */
export function usePullToRefresh({ atTop = scrolledToTop }: PullToRefreshOptions = {}): UsePullToRefreshResult {
  const engine = useChatEngine();
  const { loading, canLoad } = useChatSelector(pick, shallowEqual);
  const [gesture, setGesture] = useState<Gesture>(REST);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);
  // The latest gesture for the release handler, which must not wait for a render to read it.
  const current = useRef<Gesture>(REST);

  const show = useCallback((next: Gesture) => {
    current.current = next;
    setGesture(next);
  }, []);

  // The refresh ends when the history page has arrived (or failed).
  useEffect(
    () =>
      engine.subscribe(() => {
        if (!engine.getSnapshot().history.loading) setRefreshing(false);
      }),
    [engine],
  );

  const begin = (y: number, container: HTMLElement) => {
    startY.current = canLoad && !refreshing && atTop(container) ? y : null;
  };
  const move = (y: number) => {
    if (startY.current === null) return;
    const distance = Math.min(Math.max(0, y - startY.current) / PULL_RATIO, PULL_MAX_DISTANCE);
    show(distance === 0 ? REST : { status: distance >= PULL_DISTANCE ? 'active' : 'pull', distance });
  };
  const end = () => {
    if (startY.current === null) return;
    startY.current = null;
    if (current.current.status === 'active') {
      setRefreshing(true);
      engine.loadOlder();
    }
    show(REST);
  };
  // Touch input comes through the touch handlers; pointer handlers serve mouse and pen only.
  const notTouch = (e: PointerEvent) => e.pointerType !== 'touch';

  const getContainerProps = () => ({
    onTouchStart: (e: TouchEvent<HTMLElement>) => begin(e.touches[0]?.clientY ?? 0, e.currentTarget),
    onTouchMove: (e: TouchEvent<HTMLElement>) => move(e.touches[0]?.clientY ?? 0),
    onTouchEnd: end,
    onTouchCancel: end,
    onPointerDown: (e: PointerEvent<HTMLElement>) => notTouch(e) && begin(e.clientY, e.currentTarget),
    onPointerMove: (e: PointerEvent<HTMLElement>) => notTouch(e) && move(e.clientY),
    onPointerUp: (e: PointerEvent<HTMLElement>) => notTouch(e) && end(),
    onPointerCancel: (e: PointerEvent<HTMLElement>) => notTouch(e) && end(),
  });

  const status: PullStatus = refreshing && loading ? 'loading' : gesture.status;
  return {
    status,
    /** How far the content is pulled down, in px (0 at rest, 30 while loading). */
    distance: status === 'loading' ? PULL_LOADING_DISTANCE : gesture.distance,
    getContainerProps,
  };
}
