import type { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { notify } from '#engine/core/effect';
import { type EngineEvent, type Intent } from '#engine/core/intents';
import { createStore } from '#engine/core/store';
import { stateWith } from '../support/effectSpec';

describe('store (DESIGN: one state, intents applied one at a time)', () => {
  it('an engine event goes to the UI and is never reduced nor heard by effects', () => {
    const store = createStore(stateWith());
    const before = store.getState();
    const intents: Intent[] = [];
    const events: EngineEvent[] = [];
    store.intent$.subscribe((i) => intents.push(i));
    store.events$.subscribe((e) => events.push(e));
    store.apply(notify({ type: 'newMessageWhileHidden' }));
    expect(events).toEqual([{ type: 'newMessageWhileHidden' }]);
    expect(intents).toEqual([]);
    expect(store.getState()).toBe(before);
  });

  it('an intent raised while another is applied waits its turn: every listener sees the state its intent produced, and events keep their order', () => {
    const store = createStore(stateWith());
    const seen: string[] = [];
    store.intent$.subscribe((i) => {
      seen.push(`${i.type}:${store.getState().phase}`);
      if (i.type === 'start') {
        store.apply({ type: 'failed', error: { code: 'unknownChannelId' } });
        store.apply(notify({ type: 'newMessageWhileHidden' }));
      }
    });
    store.events$.subscribe((e) => seen.push(`event ${e.type}:${store.getState().phase}`));
    store.apply({ type: 'start' });
    expect(seen).toEqual(['start:starting', 'failed:error', 'event newMessageWhileHidden:error']);
  });

  it('a state listener hears only changes: an intent that changes nothing emits no state', () => {
    const store = createStore(stateWith({ phase: 'ready' }));
    const states: unknown[] = [];
    store.state$.subscribe((s) => states.push(s));
    store.apply({ type: 'start' });
    expect(states).toHaveLength(1);
  });

  it('after close, nothing is applied and every stream has completed', () => {
    const store = createStore(stateWith());
    let completed = 0;
    const streams: Observable<unknown>[] = [store.state$, store.intent$, store.events$];
    for (const stream of streams) stream.subscribe({ complete: () => (completed += 1) });
    store.close();
    store.apply({ type: 'start' });
    expect(completed).toBe(3);
    expect(store.getState().phase).toBe('idle');
  });
});
