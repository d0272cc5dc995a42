import { render, renderHook, type RenderHookResult, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { EMPTY, NEVER, of, type Observable, type SchedulerLike } from 'rxjs';
import { describe, onTestFinished } from 'vitest';
import { createChatEngine, memoryStorage, type ChatEngine, type ChatEngineOptions, type VisitorApi } from '@visitor-chat/chat-engine';
import type { ChatStartData, RobotAskData, WireChannelInfo } from '#engine/protocol';
import { ChatProvider } from '@visitor-chat/chat-react';
import { fakeApi, type FakeApi } from '../engine/support/fakeApi';
import { asAnswerFrames, channel, session } from '../engine/support/fixtures';

/** The two ways every hook test runs (after @xstate/react's `describeEachReactMode`). */
export interface ReactMode {
  /** Whether the tree is wrapped in <React.StrictMode> (double render, double mount of effects). */
  strict: boolean;
  /** 'strict' or 'non-strict', for messages. */
  name: string;
}

/**
 * Declares the suite `name` twice: once with every render wrapped in <React.StrictMode> and once
 * without. Tests assert exact counts (calls, commits) that must hold in both modes.
 */
export function describeBoth(name: string, fn: (mode: ReactMode) => void): void {
  describe(name, () => {
    describe('strict', () => fn({ strict: true, name: 'strict' }));
    describe('non-strict', () => fn({ strict: false, name: 'non-strict' }));
  });
}

/** Wraps `node` in <StrictMode> when asked. */
export function inMode(strict: boolean, node: ReactNode): ReactElement {
  return strict ? <StrictMode>{node}</StrictMode> : <>{node}</>;
}

/** The query every hook test starts with (a robot-first channel of the fake API). */
export const QUERY = '?channelid=demo';

/** A visitor API whose every call answers at once (robot-first channel, empty history), recorded. */
export function hookApi(overrides: Partial<VisitorApi> = {}, wire: Partial<WireChannelInfo> = {}): FakeApi {
  const ok =
    <T,>(value: T) =>
    (): Observable<T> =>
      of(value);
  const done = (): Observable<void> => EMPTY;
  const answer: RobotAskData = { msgContent: 'A robot answer', msgType: 1 };
  const start: ChatStartData = session();
  const defaults: VisitorApi = {
    channelInfo: ok(channel({ titleDesc: 'Demo shop', ...wire })),
    chatStart: ok(start),
    chatClose: done,
    transferAgent: ok({ status: 6 }),
    getAdminCard: ok({}),
    getHistoryMsg: ok<unknown[]>([]),
    getSessionMsg: ok<unknown[]>([]),
    getOfflineMsg: ok<unknown[]>([]),
    // Polling, if the engine polls: the poll stays open (no events) until disposal.
    getEventMsg: () => NEVER,
    sysMsg: done,
    sendMsg: ok({ status: 1 }),
    msgComplete: done,
    getEvaluateInfo: ok({ starList: [] }),
    evaluate: done,
    submitUserForm: done,
    typing: done,
    leaveMsg: done,
    addSessionMsg: done,
    robotAsk: () => of(answer).pipe(asAnswerFrames()),
    robotTips: ok({ tips: [] }),
    upload: ok({ kind: 'done', data: { url: '/f', name: 'f', suffix: '' } }),
    uploadBase64: ok({ url: '/f', name: 'f', suffix: '' }),
  };
  return fakeApi({ ...defaults, ...overrides });
}

/** Options of renderWithEngine. */
export interface EngineSetup {
  strict: boolean;
  /** An engine to use as it is; otherwise one is made from `api` (default `hookApi()`). */
  engine?: ChatEngine;
  api?: FakeApi;
  scheduler?: SchedulerLike;
  query?: string;
  options?: Omit<ChatEngineOptions, 'api' | 'scheduler' | 'query'>;
}

/** An engine over a fake API (memory storage), disposed when the current test ends. */
export function testEngine(setup: Omit<EngineSetup, 'strict' | 'engine'> = {}): { engine: ChatEngine; fake: FakeApi } {
  const fake = setup.api ?? hookApi();
  const engine = createChatEngine({
    storage: memoryStorage(),
    log: { warn: () => undefined },
    ...setup.options,
    api: fake.api,
    query: setup.query ?? QUERY,
    ...(setup.scheduler && { scheduler: setup.scheduler }),
  });
  onTestFinished(() => engine.dispose());
  return { engine, fake };
}

/** A wrapper component that puts children under ChatProvider with `engine`, in the given mode. */
export function engineWrapper(engine: ChatEngine, strict: boolean) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return inMode(strict, <ChatProvider engine={engine}>{children}</ChatProvider>);
  };
}

/**
 * Renders `ui` inside a ChatProvider given an engine (made over a fake API unless passed), with or
 * without StrictMode. The provider starts that engine; the test owns (and finally disposes) it.
 */
export function renderWithEngine(ui: ReactElement, setup: EngineSetup): RenderResult & { engine: ChatEngine; fake: FakeApi | undefined } {
  const made = setup.engine ? undefined : testEngine(setup);
  const engine = setup.engine ?? (made as { engine: ChatEngine }).engine;
  const result = render(ui, { wrapper: engineWrapper(engine, setup.strict) });
  return { ...result, engine, fake: made?.fake ?? setup.api };
}

/** renderHook under a ChatProvider given an engine, with or without StrictMode. */
export function renderHookWithEngine<T>(hook: () => T, setup: EngineSetup): RenderHookResult<T, unknown> & { engine: ChatEngine; fake: FakeApi | undefined } {
  const made = setup.engine ? undefined : testEngine(setup);
  const engine = setup.engine ?? (made as { engine: ChatEngine }).engine;
  const result = renderHook(hook, { wrapper: engineWrapper(engine, setup.strict) });
  return { ...result, engine, fake: made?.fake ?? setup.api };
}
