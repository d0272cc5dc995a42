import { describe, expect, it } from 'vitest';
import { ofType } from '#engine/core/effect';
import type { Intent } from '#engine/core/intents';
import { createStore } from '#engine/core/store';
import { stateWith } from '../support/effectSpec';

/**
 * The store's intent stream hands an intent to the listeners of its type only (core/intentHub.ts,
 * issue 30), and otherwise behaves as the Subject it replaced: the order listeners subscribed in,
 * a snapshot of them for each intent, completion at the end.
 */
describe('the intent stream: each intent to the listeners of its type (issue 30)', () => {
  it('listeners of every intent and of some types hear theirs, in the order they subscribed', () => {
    const store = createStore(stateWith());
    const heard: string[] = [];
    store.intent$.subscribe((i) => heard.push(`all ${i.type}`));
    store.intent$.pipe(ofType('messageRated')).subscribe((i) => heard.push(`rated ${i.id}`));
    store.intent$.pipe(ofType('humanRequested', 'messageRated')).subscribe((i) => heard.push(`either ${i.type}`));
    store.intent$.subscribe((i) => heard.push(`all again ${i.type}`));
    store.apply({ type: 'humanRequested' });
    store.apply({ type: 'messageRated', id: 'm1', rating: 'up' });
    store.apply({ type: 'faqRequested' });
    expect(heard).toEqual([
      'all humanRequested',
      'either humanRequested',
      'all again humanRequested',
      'all messageRated',
      'rated m1',
      'either messageRated',
      'all again messageRated',
      'all faqRequested',
      'all again faqRequested',
    ]);
  });

  it('a listener that leaves is not called again; one that comes while an intent is handed out hears the next ones', () => {
    const store = createStore(stateWith());
    const heard: string[] = [];
    const first = store.intent$.pipe(ofType('humanRequested')).subscribe(() => {
      heard.push('first');
      first.unsubscribe();
      second.unsubscribe();
      store.intent$.pipe(ofType('humanRequested')).subscribe(() => heard.push('late'));
    });
    const second = store.intent$.pipe(ofType('humanRequested')).subscribe(() => heard.push('second'));
    store.apply({ type: 'humanRequested' });
    store.apply({ type: 'humanRequested' });
    expect(heard).toEqual(['first', 'late']);
  });

  it('at the end every listener completes, and one that comes later completes at once', () => {
    const store = createStore(stateWith());
    const ends: string[] = [];
    store.intent$.pipe(ofType('humanRequested')).subscribe({ complete: () => ends.push('typed') });
    store.intent$.subscribe({ complete: () => ends.push('all') });
    store.close();
    store.intent$.pipe(ofType('faqRequested')).subscribe({ complete: () => ends.push('late') });
    const after: Intent[] = [];
    store.intent$.subscribe((i) => after.push(i));
    store.apply({ type: 'humanRequested' });
    expect(ends).toEqual(['typed', 'all', 'late']);
    expect(after).toEqual([]);
  });

  it('ofType on another stream filters it', () => {
    const store = createStore(stateWith());
    const heard: string[] = [];
    store.intent$.pipe((source) => source, ofType('humanRequested')).subscribe((i) => heard.push(i.type));
    store.apply({ type: 'faqRequested' });
    store.apply({ type: 'humanRequested' });
    expect(heard).toEqual(['humanRequested']);
  });
});
