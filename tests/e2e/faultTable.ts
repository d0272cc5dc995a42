import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_RUNTIME } from '../../scripts/widgetRuntime';
import { testedRuntime } from '../support/runtime';

/** Where the table lands (test-results/ is ignored by git): one file per runtime the suite ran on. */
const tableFile = (): string => (testedRuntime() === DEFAULT_RUNTIME ? 'test-results/fault-table.md' : `test-results/fault-table-${testedRuntime()}.md`);

/** What one fault did to the visitor's messages: copies stored by the server and shown on screen. */
interface FaultRow {
  fault: string;
  /** Distinct visitor texts typed. */
  typed: number;
  /** Copies of those texts the server stored, summed (one each is right). */
  stored: number;
  /** Copies of those texts on screen, summed over the tabs showing the chat (one each per tab is right). */
  shown: number;
  /** Texts stored 0 times or shown 0 times (in some tab). */
  lost: number;
  /** Texts stored more than once or shown more than once (in some tab). */
  duplicated: number;
  /** Agent messages (the replies, and any the test injected) missing from a tab. */
  agentMissing?: number;
  /** Agent messages shown more than once in a tab. */
  agentDuplicated?: number;
  /** Retry buttons the visitor pressed. */
  retries?: number;
  /** What else went wrong or what the test did (crash screen, a step that failed, …). */
  note?: string;
}

const rows: FaultRow[] = [];

/** Records a fault's row; a second record for the same fault replaces the first. */
export function recordFault(row: FaultRow): void {
  const index = rows.findIndex((r) => r.fault === row.fault);
  if (index >= 0) rows[index] = row;
  else rows.push(row);
}

const cell = (value: unknown): string =>
  String(value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

/** The rows as a markdown table. */
function faultTable(): string {
  const head = ['Fault', 'Typed', 'Stored', 'Shown', 'Lost', 'Duplicated', 'Agent msgs missing', 'Agent msgs duplicated', 'Retries', 'Verdict', 'Note'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const clean = r.lost === 0 && r.duplicated === 0 && !r.agentMissing && !r.agentDuplicated;
    const values = [
      r.fault,
      r.typed,
      r.stored,
      r.shown,
      r.lost,
      r.duplicated,
      r.agentMissing ?? 0,
      r.agentDuplicated ?? 0,
      r.retries ?? 0,
      clean ? 'ok' : 'FAULT',
      r.note ?? '',
    ];
    lines.push(`| ${values.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Prints the table (console.info) and writes it to test-results/fault-table.md; for an afterAll hook. */
export function writeFaultTable(): void {
  if (rows.length === 0) return;
  const table = faultTable();
  console.info(`[faults] lost and duplicated visitor messages per fault (${testedRuntime()} build):\n${table}`);
  const file = tableFile();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `# Field faults: lost and duplicated visitor messages (${testedRuntime()} build)\n\n${table}\n`);
}
