import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { startServer } from '../../server/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Builds the widget and serves it the way `npm start` does (one Node process: dist/ under /chat/
 * and the reference API) on a free port, for the browser tests.
 */
export default async function setup(project: TestProject) {
  await build({ logLevel: 'warn' });
  const server = await startServer({ port: 0, quiet: true });
  project.provide('baseUrl', server.url);
  return () => server.close();
}
