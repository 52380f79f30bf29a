import type { CellSizing, SizingReport } from "../sizing/sizing-report.ts";
import { fmt } from "./fmt.ts";

export interface CompareRow {
  scenario: string;
  size: string;
  statusA: string | null;
  statusB: string | null;
  ceilingA: number | null;
  ceilingB: number | null;
  ceilingPct: number | null;
  p99A: number | null;
  p99B: number | null;
  p99Pct: number | null;
  memoryA: number | null;
  memoryB: number | null;
  memoryPct: number | null;
}

const key = (c: CellSizing) => `${c.scenario}|${c.cpus}|${c.memoryBytes}|${c.smol}`;
const pct = (a: number | null, b: number | null) =>
  a === null || b === null || a === 0 ? null : ((b - a) / a) * 100;

/** Per-cell change from run A to run B (matched by scenario, CPUs, memory and --smol). */
export function compareRuns(a: SizingReport, b: SizingReport): CompareRow[] {
  const cellsA = new Map(a.scenarios.flatMap((s) => s.cells).map((c) => [key(c), c]));
  const cellsB = new Map(b.scenarios.flatMap((s) => s.cells).map((c) => [key(c), c]));
  const keys = [...new Set([...cellsA.keys(), ...cellsB.keys()])];
  return keys.map((k) => {
    const ca = cellsA.get(k);
    const cb = cellsB.get(k);
    const any = (ca ?? cb) as CellSizing;
    const ceilingA = ca?.ceilingPerSec?.median ?? null;
    const ceilingB = cb?.ceilingPerSec?.median ?? null;
    return {
      scenario: any.scenario,
      size: fmt.size(any),
      statusA: ca?.status ?? null,
      statusB: cb?.status ?? null,
      ceilingA,
      ceilingB,
      ceilingPct: pct(ceilingA, ceilingB),
      p99A: ca?.p99AtCeilingMs ?? null,
      p99B: cb?.p99AtCeilingMs ?? null,
      p99Pct: pct(ca?.p99AtCeilingMs ?? null, cb?.p99AtCeilingMs ?? null),
      memoryA: ca?.peakMemoryBytes ?? null,
      memoryB: cb?.peakMemoryBytes ?? null,
      memoryPct: pct(ca?.peakMemoryBytes ?? null, cb?.peakMemoryBytes ?? null),
    };
  });
}

/** The comparison as a Markdown table (reads fine in a terminal and in a PR). */
export function compareMarkdown(a: SizingReport, b: SizingReport, rows: CompareRow[]): string {
  const lines = [
    `Comparing run ${a.runId} (A) → ${b.runId} (B)`,
    "",
    "| scenario | size | status A → B | ceiling A → B | Δ | p99 ms A → B | Δ | peak memory A → B | Δ |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.scenario} | ${r.size} | ${r.statusA ?? "absent"} → ${r.statusB ?? "absent"} | ${fmt.rate(r.ceilingA)} → ${fmt.rate(r.ceilingB)} | ` +
        `${fmt.signedPct(r.ceilingPct)} | ${fmt.ms(r.p99A)} → ${fmt.ms(r.p99B)} | ${fmt.signedPct(r.p99Pct)} | ` +
        `${fmt.mib(r.memoryA)} → ${fmt.mib(r.memoryB)} | ${fmt.signedPct(r.memoryPct)} |`,
    );
  return lines.join("\n");
}
