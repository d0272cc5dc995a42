import { agentEventsCases, type AgentEventsResult } from '../features/agentEvents/slice';
import {
  bootstrapCases,
  initialBootstrap,
  type BootstrapState,
  type BootstrapCommand,
  type BootstrapResult,
  type RecoveryResult,
} from '../features/bootstrap/slice';
import {
  conversationCases,
  initialConversation,
  type ConversationState,
  type ConversationCommand,
  type ConversationResult,
} from '../features/conversation/slice';
import { countdownsCases, initialCountdowns, type CountdownsState, type CountdownsResult } from '../features/countdowns/slice';
import { deliveryCases, type DeliveryCommand, type DeliveryResult } from '../features/delivery/slice';
import { evaluationCases, initialEvaluation, type EvaluationState, type EvaluationCommand, type EvaluationResult } from '../features/evaluation/slice';
import { faqCases, type FaqCommand } from '../features/faq/slice';
import { formsCases, initialForms, type FormsState, type FormsCommand, type FormsResult } from '../features/forms/slice';
import { historyCases, initialHistory, type HistoryState, type HistoryCommand, type HistoryResult } from '../features/history/slice';
import { initialNotices, noticesCases, type NoticesState, type NoticesResult } from '../features/notices/slice';
import { initialRobot, robotCases, type RobotCommand, type RobotResult, type RobotState } from '../features/robot/slice';
import { signalsCases, initialSignals, type SignalsState, type SignalsCommand, type SignalsResult } from '../features/signals/slice';
import { initialTips, tipsCases, type TipsState, type TipsResult } from '../features/tips/slice';
import type { ChatQuery } from '../model/query';
import type { Cases } from './cases';
import type { StateOf } from './registry';

/**
 * The engine's slices by feature, their types: each feature's part of the state, the commands the
 * UI sends it and the results its effects report (any may be left out). `SLICES` below lists their
 * values under the same names; core/registry.ts derives ChatState and the intent unions from these.
 */
export interface SliceTypes {
  bootstrap: { state: BootstrapState; command: BootstrapCommand; result: BootstrapResult | RecoveryResult };
  conversation: { state: ConversationState; command: ConversationCommand; result: ConversationResult };
  agentEvents: { result: AgentEventsResult };
  history: { state: HistoryState; command: HistoryCommand; result: HistoryResult };
  delivery: { command: DeliveryCommand; result: DeliveryResult };
  robot: { state: RobotState; command: RobotCommand; result: RobotResult };
  faq: { command: FaqCommand };
  signals: { state: SignalsState; command: SignalsCommand; result: SignalsResult };
  countdowns: { state: CountdownsState; result: CountdownsResult };
  notices: { state: NoticesState; result: NoticesResult };
  evaluation: { state: EvaluationState; command: EvaluationCommand; result: EvaluationResult };
  forms: { state: FormsState; command: FormsCommand; result: FormsResult };
  tips: { state: TipsState; result: TipsResult };
}

/** A feature's slice at run time: its initial state (when it keeps one) and its reducer cases. */
type Slice<K extends keyof SliceTypes> = ([StateOf<K>] extends [never] ? { initial?: never } : { initial: StateOf<K> | ((query: ChatQuery) => StateOf<K>) }) & {
  cases: Cases;
};

/**
 * The engine's slices, one per feature, in the order their cases reduce an intent that several
 * change. A feature registered in core/registry.ts without an entry here, or the other way round,
 * does not compile; state, intents, the initial state and the reducer table all derive from these.
 */
/** Each slice's cases as SLICES holds them: the intent types each reduces (core/reduce.ts checks every result has one). */
interface SliceCases {
  bootstrap: typeof bootstrapCases;
  conversation: typeof conversationCases;
  agentEvents: typeof agentEventsCases;
  history: typeof historyCases;
  delivery: typeof deliveryCases;
  robot: typeof robotCases;
  faq: typeof faqCases;
  signals: typeof signalsCases;
  countdowns: typeof countdownsCases;
  notices: typeof noticesCases;
  evaluation: typeof evaluationCases;
  forms: typeof formsCases;
  tips: typeof tipsCases;
}

export const SLICES: { readonly [K in keyof SliceTypes]: Slice<K> & { readonly cases: SliceCases[K] } } = {
  bootstrap: { initial: initialBootstrap, cases: bootstrapCases },
  conversation: { initial: initialConversation, cases: conversationCases },
  agentEvents: { cases: agentEventsCases },
  history: { initial: initialHistory, cases: historyCases },
  delivery: { cases: deliveryCases },
  robot: { initial: initialRobot, cases: robotCases },
  faq: { cases: faqCases },
  signals: { initial: initialSignals, cases: signalsCases },
  countdowns: { initial: initialCountdowns, cases: countdownsCases },
  notices: { initial: initialNotices, cases: noticesCases },
  evaluation: { initial: initialEvaluation, cases: evaluationCases },
  forms: { initial: initialForms, cases: formsCases },
  tips: { initial: initialTips, cases: tipsCases },
};
