import type { TestProject } from 'vitest/node';
import { startLikeNpmStart } from '../support/npmStart';
import '../support/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The folder of the build the suite's server serves (dist/ for the default runtime). */
    distDir: string;
  }
}

/**
 * The browser tests run against the widget built on the project's runtime and served the way
 * `npm start` serves it; stopped after the suite.
 */
export default async function setup(project: TestProject) {
  const server = await startLikeNpmStart(project.getProvidedContext().runtime);
  project.provide('baseUrl', server.url);
  project.provide('distDir', server.distDir);
  return server.stop;
}
