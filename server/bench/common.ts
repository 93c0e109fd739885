import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchRow {
  /** What was measured. */
  name: string;
  /** The figure, with its unit. */
  value: string;
  /** The ceiling or peer measured in the same run, when there is one. */
  peer?: string;
  /** The target this figure is held to, as text. */
  target?: string;
  note?: string;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Prints a table and leaves the rows as JSON for the `pnpm bench` summary. */
export function report(suite: string, rows: BenchRow[]): void {
  const widths = [40, 18, 22, 16];
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 10)).join(' ');
  console.log(`\n${suite}`);
  console.log(line(['measure', 'value', 'peer / ceiling', 'target']));
  for (const row of rows) console.log(line([row.name, row.value, row.peer ?? '', row.target ?? '']) + (row.note ? `  ${row.note}` : ''));
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'e2e', 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${suite.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`), JSON.stringify({ suite, rows }, null, 2));
}
