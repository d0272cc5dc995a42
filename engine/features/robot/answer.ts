import type { RobotAnswerMetadata, RobotFrame, RobotSource } from '../../transport/visitorApi';

/**
 * Where a robot answer asked on this page is (docs/protocol.md "Streamed answers"): `pending`
 * until its first frame, `thinking` while only reasoning arrives, `streaming` once its text flows,
 * then `done`, or `failed` (an error frame, a cut stream, an abort or a stall) with what arrived.
 */
export type AnswerPhase = 'pending' | 'thinking' | 'streaming' | 'done' | 'failed';

/** Why a streamed answer failed: an `error` frame, a stream that ended without `finish`, an `abort` frame, or 20 s without a frame. */
export type AnswerFailure = 'error' | 'cut' | 'aborted' | 'stalled';

/**
 * A robot answer asked on this page, as it streams (issue 25): the engine's state of it, kept beside
 * the message list (`ChatState.answers`, by the answer message's id) so that a delta changes this
 * record and not `messages` — the list keeps its identity and only the answer's own bubble reads the
 * change. The message itself is the placeholder (`awaiting`) until the answer ends; then it holds
 * the text that arrived (SPEC §4 Thinking block: with thoughtMs).
 */
export interface RobotAnswer {
  /** The visitor message it answers (SPEC §4 Receive mode 0: each visitor message). */
  readonly questionId: string;
  readonly phase: AnswerPhase;
  /** The answer's text so far: its text parts in order, a blank line between two parts. */
  readonly text: string;
  /** The robot's reasoning so far (the thinking block's body), its parts likewise. */
  readonly reasoning: string;
  /** Source links under the answer, http(s) only, each URL once, in order of arrival. */
  readonly sources: readonly RobotSource[];
  /** When it was asked (the scheduler's clock; again on a retry): the thinking block counts from here. */
  readonly startedAt: number;
  /** How long it thought: to its first text (or the whole answer when it came as one); undefined while it thinks. */
  readonly thoughtMs?: number;
  /**
   * When the answer arrived whole — the JSON answer, not a stream (the scheduler's clock): a UI types
   * it out from here (isTypedAnswer, SPEC §9 Typewriter); undefined for a streamed answer, which
   * already grows as it arrives.
   */
  readonly arrivedWholeAt?: number;
  /** The JSON answer's other fields, from the stream's messageMetadata (later ones override earlier fields). */
  readonly metadata?: RobotAnswerMetadata;
  /** Why it failed (phase `failed`); `errorText` is the backend's words, for logs and a UI that wants them. */
  readonly failure?: AnswerFailure;
  readonly errorText?: string;
  /** The text and reasoning parts last appended to (a new part starts after a blank line). */
  readonly textPart?: string;
  readonly reasoningPart?: string;
}

/** The parts of a stream that change an answer while it runs. */
export type AnswerDelta = Extract<RobotFrame, { type: 'text' | 'reasoning' | 'source' | 'metadata' }>;

const PART_BREAK = '\n\n';

/** `so far` with `delta` of part `part` appended: a part other than the last begins after a blank line. */
function grow(soFar: string, lastPart: string | undefined, part: string, delta: string): string {
  return soFar && lastPart !== undefined && lastPart !== part ? soFar + PART_BREAK + delta : soFar + delta;
}

/** A new answer, asked at `at`. */
export function askedAnswer(questionId: string, at: number): RobotAnswer {
  return { questionId, phase: 'pending', text: '', reasoning: '', sources: [], startedAt: at };
}

/**
 * The answer with one delta applied at `at` (cheap: strings append, the sources list is copied only
 * for a new source); the answer itself when the delta changes nothing.
 */
export function applyDelta(a: RobotAnswer, delta: AnswerDelta, at: number): RobotAnswer {
  switch (delta.type) {
    case 'text':
      if (!delta.delta) return a;
      return {
        ...a,
        phase: 'streaming',
        text: grow(a.text, a.textPart, delta.part, delta.delta),
        textPart: delta.part,
        // The thinking ends when the text starts (SPEC §4 Thinking block: 'deeply thought (N s)').
        thoughtMs: a.thoughtMs ?? Math.max(0, at - a.startedAt),
      };
    case 'reasoning':
      if (!delta.delta) return a;
      return {
        ...a,
        phase: a.phase === 'pending' ? 'thinking' : a.phase,
        reasoning: grow(a.reasoning, a.reasoningPart, delta.part, delta.delta),
        reasoningPart: delta.part,
      };
    case 'source':
      return a.sources.some((s) => s.url === delta.source.url) ? a : { ...a, sources: [...a.sources, delta.source] };
    case 'metadata':
      return { ...a, metadata: { ...a.metadata, ...delta.metadata } };
  }
}
