import { inject } from 'vitest';
import type { WidgetRuntime } from '../../scripts/widgetRuntime';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The renderer the project's widget runs on (vite.config.ts: `react` unless a project says otherwise). */
    runtime: WidgetRuntime;
  }
}

/** The runtime the current test project renders the widget with. */
export const testedRuntime = (): WidgetRuntime => inject('runtime');
