/**
 * The types each feature slice adds to the engine, by feature name: its part of the state, the
 * commands the UI sends it and the results its effects report (any of them may be left out). Each
 * feature registers its own in its slice.ts, so that ChatState and the intent unions are derived
 * here from one list and never edited by hand:
 *
 *   declare module '../../core/registry' {
 *     interface SliceTypes {
 *       history: { state: HistoryState; command: HistoryCommand; result: HistoryResult };
 *     }
 *   }
 *
 * core/slices.ts then lists the feature's initial state and reducer cases under the same name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each feature (declaration merging)
export interface SliceTypes {}

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
