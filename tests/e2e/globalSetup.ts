import type { TestProject } from 'vitest/node';
import { startLikeNpmStart } from '../support/npmStart';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The browser tests run against the widget served the way `npm start` serves it; stopped after the suite. */
export default async function setup(project: TestProject) {
  const server = await startLikeNpmStart();
  project.provide('baseUrl', server.url);
  return server.stop;
}
