import type { ChatState } from '../../core/state';
import type { CountdownsState } from './slice';

/** SPEC §4 Timeouts: whether `state` shows these countdowns already (setting them again changes nothing shown). */
export const showsCountdowns = ({ countdown }: ChatState, { agent, visitor }: CountdownsState['countdown']): boolean =>
  countdown.agent === agent && countdown.visitor === visitor;
