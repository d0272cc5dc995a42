import { agentEventsCases } from '../features/agentEvents/slice';
import { bootstrapCases, initialBootstrap } from '../features/bootstrap/slice';
import { conversationCases, initialConversation } from '../features/conversation/slice';
import { countdownsCases, initialCountdowns } from '../features/countdowns/slice';
import { deliveryCases } from '../features/delivery/slice';
import { evaluationCases, initialEvaluation } from '../features/evaluation/slice';
import { formsCases, initialForms } from '../features/forms/slice';
import { historyCases, initialHistory } from '../features/history/slice';
import { initialNotices, noticesCases } from '../features/notices/slice';
import { robotCases } from '../features/robot/slice';
import { signalsCases, initialSignals } from '../features/signals/slice';
import type { ChatQuery } from '../model/query';
import type { Cases } from './cases';
import type { SliceTypes, StateOf } from './registry';

/** A feature's slice at run time: its initial state (when it keeps one) and its reducer cases. */
type Slice<K extends keyof SliceTypes> = ([StateOf<K>] extends [never] ? { initial?: never } : { initial: StateOf<K> | ((query: ChatQuery) => StateOf<K>) }) & {
  cases: Cases;
};

/**
 * The engine's slices, one per feature, in the order their cases reduce an intent that several
 * change. A feature registered in core/registry.ts without an entry here, or the other way round,
 * does not compile; state, intents, the initial state and the reducer table all derive from these.
 */
export const SLICES = {
  bootstrap: { initial: initialBootstrap, cases: bootstrapCases },
  conversation: { initial: initialConversation, cases: conversationCases },
  agentEvents: { cases: agentEventsCases },
  history: { initial: initialHistory, cases: historyCases },
  delivery: { cases: deliveryCases },
  robot: { cases: robotCases },
  signals: { initial: initialSignals, cases: signalsCases },
  countdowns: { initial: initialCountdowns, cases: countdownsCases },
  notices: { initial: initialNotices, cases: noticesCases },
  evaluation: { initial: initialEvaluation, cases: evaluationCases },
  forms: { initial: initialForms, cases: formsCases },
} as const satisfies { [K in keyof SliceTypes]: Slice<K> };
