import { vi } from 'vitest';
import type { Effect } from '#engine/core/effect';
import type * as EngineModule from '#engine/engine';
import { EFFECTS } from '#engine/effects';

/**
 * DESIGN "Effects do not depend on their order": a setup file of the `engine-reversed` and
 * `engine-shuffled` projects. Every engine a test creates gets the effect list reversed, or shuffled
 * by EFFECT_SEED (a fixed default, so a failure reproduces), and the same scenarios must pass.
 */
function shuffled(effects: readonly Effect[], seed: number): Effect[] {
  const out = effects.slice();
  let state = seed >>> 0 || 1;
  // xorshift32: small, deterministic, good enough to mix a list of sixteen.
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as Effect, out[i] as Effect];
  }
  return out;
}

vi.mock(import('#engine/engine'), async (importOriginal) => {
  const original: typeof EngineModule = await importOriginal();
  const order = process.env.EFFECT_ORDER;
  const effects = order === 'reversed' ? EFFECTS.toReversed() : shuffled(EFFECTS, Number(process.env.EFFECT_SEED ?? 20261126));
  return { ...original, createChatEngine: (options = {}) => original.assembleEngine(options, effects) };
});
