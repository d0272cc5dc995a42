import { Observable, type Subscriber } from 'rxjs';
import type { TabsPort } from '#engine/ports';
import type { EventBatch } from '#engine/transport/visitorApi';

/**
 * The visitor's tabs of one browser in memory, as engine/browserTabs.ts makes them of a Web Lock and a
 * BroadcastChannel: `tab()` is one tab's port. Of the tabs that ask, the first listens; when it lets
 * go (its engine stops listening or is disposed: the tab closed), the next that asked does. A shared
 * batch reaches every other tab that hears, at once, as a copy (the channel clones what it carries);
 * never the tab that shared it. One hub is one scope: the tests' tabs are of one channel and visitor.
 */
export function tabsHub() {
  const waiting: Subscriber<boolean>[] = [];
  const hearing = new Set<{ tab: object; hear: Subscriber<EventBatch> }>();
  const scopes: string[] = [];
  return {
    /** The scopes the tabs asked about, in order. */
    scopes,
    tab(): TabsPort {
      const self = {};
      return {
        listener: (scope) =>
          new Observable<boolean>((subscriber) => {
            scopes.push(scope);
            waiting.push(subscriber);
            if (waiting[0] === subscriber) subscriber.next(true);
            return () => {
              const held = waiting[0] === subscriber;
              waiting.splice(waiting.indexOf(subscriber), 1);
              if (held) waiting[0]?.next(true);
            };
          }),
        shared: (scope) =>
          new Observable<EventBatch>((hear) => {
            scopes.push(scope);
            const member = { tab: self, hear };
            hearing.add(member);
            return () => hearing.delete(member);
          }),
        share: (_scope, batch) => {
          for (const { tab, hear } of [...hearing]) if (tab !== self) hear.next(structuredClone(batch));
        },
      };
    },
  };
}
