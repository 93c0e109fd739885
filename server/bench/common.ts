import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const TICK_MS = 10; // Linux reports process CPU time in 1/100 s (CLK_TCK 100).

/** CPU time (ms) a process used so far; with `children`, also that of its children it has reaped. */
export function processCpuMs(pid: number, children = false): number {
  try {
    // The fields after the command name, which may itself hold spaces and brackets.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of the local PostgreSQL server so far: the postmaster with every backend it has
 * reaped, plus the backends still running. Null when no local server is found.
 */
export function postgresCpuMs(): number | null {
  const procs: { pid: number; ppid: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres' && !comm.startsWith('postgres')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(entry), ppid: Number(fields[1]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const pids = new Set(procs.map((p) => p.pid));
  const postmaster = procs.find((p) => !pids.has(p.ppid));
  if (!postmaster) return null;
  let total = processCpuMs(postmaster.pid, true);
  for (const p of procs) if (p.ppid === postmaster.pid) total += processCpuMs(p.pid);
  return total;
}
