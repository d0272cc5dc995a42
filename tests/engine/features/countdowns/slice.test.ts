import { describe, expect, it } from 'vitest';
import { reduce } from '#engine/core/reduce';
import { countdownsCases, initialCountdowns } from '#engine/features/countdowns/slice';
import { ChatStatus } from '#engine/model/codes';
import { stateWith } from '../../support/effectSpec';
import { agentState } from '../../support/agentSide';

describe('countdowns slice: SPEC §4 Timeouts (seconds left, -1 when off)', () => {
  it('both countdowns start off (-1)', () => {
    expect(initialCountdowns).toEqual({ countdown: { agent: -1, visitor: -1 } });
    expect(stateWith().countdown).toEqual({ agent: -1, visitor: -1 });
  });

  it('countdownSet and countdownTick share one case: both show the seconds left of each countdown', () => {
    expect(countdownsCases.countdownSet).toBe(countdownsCases.countdownTick);
    const talking = agentState(ChatStatus.InConversation);
    expect(reduce(talking, { type: 'countdownSet', agent: 60, visitor: -1 }).countdown).toEqual({ agent: 60, visitor: -1 });
    expect(reduce(talking, { type: 'countdownTick', agent: -1, visitor: 119 }).countdown).toEqual({ agent: -1, visitor: 119 });
  });

  it('nothing else in the state changes', () => {
    const talking = agentState(ChatStatus.InConversation);
    const { countdown: _set, ...rest } = reduce(talking, { type: 'countdownSet', agent: 60, visitor: -1 });
    const { countdown: _before, ...same } = talking;
    expect(rest).toEqual(same);
  });
});
