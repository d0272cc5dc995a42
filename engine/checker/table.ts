import type { CheckResult, CheckStatus } from './context';

/** Width of the table: it reads in a terminal of 100 columns. */
const WIDTH = 100;
/** Column widths (each includes a gap of at least one space); the title takes what is left. */
const RESULT_COL = 7;
const CALL_COL = 17;
const SPEC_COL = 29;
const TITLE_COL = WIDTH - RESULT_COL - CALL_COL - SPEC_COL;
/** Where detail and fix lines start. */
const INDENT = ' '.repeat(RESULT_COL);

const LABEL: Record<CheckStatus, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' };

/** Word-wraps `text` to lines of at most `width` characters (a longer word is cut); a newline starts a line. */
function wrap(text: string, width: number): string[] {
  return text.split('\n').flatMap((part) => wrapLine(part, width));
}

function wrapLine(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Cells side by side, each wrapped to its column, as many lines as the tallest needs. */
function row(cells: readonly (readonly [string, number])[]): string[] {
  const wrapped = cells.map(([text, width]) => wrap(text, width - 1));
  const height = Math.max(...wrapped.map((lines) => lines.length));
  return Array.from({ length: height }, (_, i) =>
    cells
      .map(([, width], c) => (wrapped[c]?.[i] ?? '').padEnd(width))
      .join('')
      .trimEnd(),
  );
}

/** A paragraph under a row: indented, with a hanging indent after its label. */
function paragraph(label: string, text: string): string[] {
  const hang = ' '.repeat(label.length);
  return wrap(text, WIDTH - INDENT.length - label.length).map((line, i) => INDENT + (i === 0 ? label : hang) + line);
}

/** How many results have each status, in a line. */
export function summary(results: readonly CheckResult[]): string {
  const n = (status: CheckStatus) => results.filter((r) => r.status === status).length;
  const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  return `${plural(results.length, 'check')}: ${n('pass')} passed, ${n('fail')} failed, ${plural(n('warn'), 'warning')}, ${n('skip')} skipped`;
}

/** The results as a plain-text table for a terminal of 100 columns: one row a check, its detail and fix below. */
export function formatTable(results: readonly CheckResult[]): string {
  const lines = [
    ...row([
      ['RESULT', RESULT_COL],
      ['CALL', CALL_COL],
      ['CHECK', TITLE_COL],
      ['SPEC', SPEC_COL],
    ]),
    '-'.repeat(WIDTH),
  ];
  for (const r of results) {
    // Calls listed with commas go one a line in their column.
    lines.push(
      ...row([
        [LABEL[r.status], RESULT_COL],
        [r.call.replace(/,\s*/g, ',\n'), CALL_COL],
        [r.title, TITLE_COL],
        [r.specRef, SPEC_COL],
      ]),
    );
    lines.push(...paragraph('', r.detail));
    if (r.fix) lines.push(...paragraph('fix: ', r.fix));
  }
  lines.push('-'.repeat(WIDTH), summary(results));
  return `${lines.join('\n')}\n`;
}
