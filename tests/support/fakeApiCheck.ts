import { afterEach } from 'vitest';
import { expectNoUnexpectedCalls } from '../engine/support/fakeApi';

/**
 * A setup file of every project whose tests use tests/engine/support/fakeApi.ts: a call the test
 * did not tell the fake to answer fails the test (setup files run for each file, also where files
 * share a worker and its modules).
 */
afterEach(expectNoUnexpectedCalls);
