import { bootstrapCases } from '../features/bootstrap/slice';
import { conversationCases } from '../features/conversation/slice';
import { agentEventsCases } from '../features/agentEvents/slice';
import { countdownsCases } from '../features/countdowns/slice';
import { deliveryCases } from '../features/delivery/slice';
import { evaluationCases } from '../features/evaluation/slice';
import { formsCases } from '../features/forms/slice';
import { historyCases } from '../features/history/slice';
import { noticesCases } from '../features/notices/slice';
import { robotCases } from '../features/robot/slice';
import { signalsCases } from '../features/signals/slice';
import type { Case, Cases } from './cases';
import type { Intent, Result } from './intents';
import type { ChatState } from './state';

const SLICES = [
  bootstrapCases,
  conversationCases,
  agentEventsCases,
  historyCases,
  deliveryCases,
  robotCases,
  signalsCases,
  countdownsCases,
  noticesCases,
  evaluationCases,
  formsCases,
] as const satisfies readonly Cases[];

type KeysOf<T> = T extends unknown ? keyof T : never;
type Handled = KeysOf<(typeof SLICES)[number]>;
// Every result of an effect changes some slice: a Result type without a case fails to compile here.
const everyResultReduced: [Exclude<Result['type'], Handled>] extends [never] ? true : never = true;
void everyResultReduced;

type AnyCase = (state: ChatState, intent: Intent) => ChatState;

/** The cases of each intent type, in slice order (an intent may change several slices). */
const BY_TYPE = new Map<Intent['type'], AnyCase[]>();
for (const cases of SLICES as readonly Cases[]) {
  for (const [type, reduceCase] of Object.entries(cases) as [Intent['type'], Case<Intent['type']>][]) {
    BY_TYPE.set(type, [...(BY_TYPE.get(type) ?? []), reduceCase as AnyCase]);
  }
}

/** The pure state transition of one intent: each feature's case for it, in turn. */
export function reduce(state: ChatState, intent: Intent): ChatState {
  let next = state;
  for (const reduceCase of BY_TYPE.get(intent.type) ?? []) next = reduceCase(next, intent);
  return next;
}
