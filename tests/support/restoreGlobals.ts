import { afterAll } from 'vitest';

/**
 * A setup file of the projects whose test files share a worker one after another (`isolate: false`
 * in vite.config.ts): whatever a file replaced on globalThis is put back once it is done, so the
 * next file starts with the globals a fresh worker has. Starting server/node.ts in a test (the
 * runnable example, the backend checker) is such a file: @hono/node-server replaces the global
 * Request and Response with its own, and msw's `HttpResponse.error()` in a later file then no
 * longer reads as a network error.
 *
 * Node's lazily loaded globals (fetch, Blob, …) are getters until first read, then plain values:
 * what counts is what the getter gives, so a global read for the first time is not "replaced".
 * Globals a file adds are left alone (Vitest's own, a library's registry), and so is Vitest's state.
 */
const atStart = new Map<PropertyKey, PropertyDescriptor>();
for (const key of Reflect.ownKeys(globalThis)) {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
  if (descriptor && !String(key).startsWith('__vitest')) atStart.set(key, descriptor);
}

/** Whether a global still holds what it held at the start (a lazy one may have been read since). */
function unchanged(before: PropertyDescriptor, now: PropertyDescriptor): boolean {
  if ('value' in before) return Object.is(now.value, before.value);
  if (now.get === before.get && now.set === before.set) return true;
  // Read since: the getter put its value in place of itself.
  return 'value' in now && Object.is(now.value, before.get?.call(globalThis));
}

afterAll(() => {
  for (const [key, before] of atStart) {
    const now = Object.getOwnPropertyDescriptor(globalThis, key);
    if (now && (unchanged(before, now) || !now.configurable)) continue;
    Object.defineProperty(globalThis, key, before);
  }
});
