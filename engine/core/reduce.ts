import type { Case, Cases } from './cases';
import type { Intent, Result } from './intents';
import { SLICES } from './slices';
import type { ChatState } from './state';

type KeysOf<T> = T extends unknown ? keyof T : never;
type Handled = KeysOf<(typeof SLICES)[keyof typeof SLICES]['cases']>;
// Every result of an effect changes some slice: a Result type without a case fails to compile here.
const everyResultReduced: [Exclude<Result['type'], Handled>] extends [never] ? true : never = true;
void everyResultReduced;

type AnyCase = (state: ChatState, intent: Intent) => ChatState;

/** The cases of each intent type, in slice order (an intent may change several slices). */
function casesByType(): ReadonlyMap<Intent['type'], readonly AnyCase[]> {
  const byType = new Map<Intent['type'], AnyCase[]>();
  for (const { cases } of Object.values(SLICES) as readonly { cases: Cases }[]) {
    for (const [type, reduceCase] of Object.entries(cases) as [Intent['type'], Case<Intent['type']>][]) {
      byType.set(type, [...(byType.get(type) ?? []), reduceCase as AnyCase]);
    }
  }
  return byType;
}
// Built when the module loads, yet marked pure: an app that never reduces (imports a constant, a
// predicate) leaves it and every reducer out of its bundle (issue 29).
const BY_TYPE = /* @__PURE__ */ casesByType();

/** The pure state transition of one intent: each feature's case for it, in turn. */
export function reduce(state: ChatState, intent: Intent): ChatState {
  let next = state;
  for (const reduceCase of BY_TYPE.get(intent.type) ?? []) next = reduceCase(next, intent);
  return next;
}
