import type { SliceTypes } from './slices';

/**
 * ChatState's slices and the intent unions, derived from the one list of slices (core/slices.ts:
 * `SliceTypes`, and `SLICES` beside it), so that a new feature never edits core/state.ts,
 * core/intents.ts or core/reduce.ts. (Not declaration merging from each feature: a bundled .d.ts,
 * what an integrator's compiler reads, loses module augmentations of relative paths.)
 */
type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
type Part<K extends keyof SliceTypes, P extends string> = SliceTypes[K] extends Record<P, infer T> ? T : never;

/** Every feature's part of the state, together. */
export type SliceStates = UnionToIntersection<{ [K in keyof SliceTypes]: Part<K, 'state'> }[keyof SliceTypes]>;
/** Every feature's commands. */
export type SliceCommands = { [K in keyof SliceTypes]: Part<K, 'command'> }[keyof SliceTypes];
/** Every feature's results. */
export type SliceResults = { [K in keyof SliceTypes]: Part<K, 'result'> }[keyof SliceTypes];
/** The state part of one feature, `never` when it keeps none. */
export type StateOf<K extends keyof SliceTypes> = Part<K, 'state'>;
