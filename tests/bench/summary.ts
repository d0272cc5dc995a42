/**
 * The block `npm run bench` ends with: issue 30's targets side by side, from the figures the
 * sections measured (nothing is measured here) — the list table against the floor (./list.ts), what
 * the loader costs a host page (./hostPage.ts, as its report says it), and the launcher's click to
 * the first message with the default prefetch (./launcher.ts).
 */
import type { WidgetRuntime } from '../../scripts/widgetRuntime';
import { HOVER_MS, LOOPBACK, SLOW, type launcherFigures } from './launcher';

type LauncherFigures = Awaited<ReturnType<typeof launcherFigures>>;

/** Issue 30's targets of the host page and the launcher. */
const TARGET = { hostScript: 5, firstMessage: 300 } as const;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number): string => `${x.toFixed(1)} ms`;

export function benchSummary({
  list,
  hostPages,
  launchers,
}: {
  /** The list section's table and ratio lines, when it ran. */
  list: readonly string[] | undefined;
  /** Each build's host-page report lines. */
  hostPages: ReadonlyMap<WidgetRuntime, readonly string[]>;
  launchers: ReadonlyMap<WidgetRuntime, LauncherFigures>;
}): string[] {
  const lines: string[] = [];
  if (list) lines.push('', '### The list against the plain-React floor (issue 30)', ...list);
  if (hostPages.size > 0) {
    lines.push('', `### Host page: the loader's script, first view and next views (target ≤ ${TARGET.hostScript} ms each)`);
    for (const [runtime, report] of hostPages) lines.push(...report.map((line) => `- ${runtime}: ${line}`));
  }
  if (launchers.size > 0) {
    lines.push('', `### Launcher click → first message, default prefetch (hover, click after ${HOVER_MS} ms) (target ≤ ${TARGET.firstMessage} ms on loopback)`);
    for (const [runtime, figures] of launchers) {
      const firstMessage = (network: typeof LOOPBACK) =>
        median(figures.find((f) => f.network === network && f.visit === 'hover')?.runs.map((r) => r.firstMessage) ?? []);
      const loopback = firstMessage(LOOPBACK);
      lines.push(
        `- ${runtime}: ${LOOPBACK.name} ${ms(loopback)}${loopback <= TARGET.firstMessage ? '' : ' MISSED'}; ${SLOW.name} ${ms(firstMessage(SLOW))} (medians)`,
      );
    }
  }
  return lines.length > 0 ? ['', "## Summary: issue 30's targets", ...lines] : [];
}
