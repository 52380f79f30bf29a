import { expect, test } from "bun:test";
import { cellLine } from "../../../runner/progress/cell-line.ts";
import { ProgressPrinter } from "../../../runner/progress/progress-printer.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { formatDuration } from "../../../runner/units/units.ts";
import { testCell } from "../execute/cell-fixture.ts";

const spread = (median: number) => ({ median, min: median, max: median, cv: 0 });
const record = (id: string, startedAt: string, finishedAt: string): CellRecord => ({
  schemaVersion: 1,
  runId: "r",
  cell: testCell({ id }),
  status: "ok",
  message: "1/1 ok",
  repetitions: [],
  summary: {
    ceilingPerSec: spread(12345.6),
    throughputPerSec: spread(12000),
    p99LatencyMs: spread(23.14),
    peakMemoryBytes: spread(120 * 2 ** 20),
    noisy: false,
  },
  startedAt,
  finishedAt,
});

test("formatDuration", () => {
  expect([9, 75, 3725].map(formatDuration)).toEqual(["9s", "1m15s", "1h02m"]);
});

test("a finished cell's line carries ceiling, p99, peak / limit and status", () => {
  const line = cellLine(record("a", "2026-11-22T00:00:00Z", "2026-11-22T00:00:41Z"));
  expect(line).toBe(
    "ok          a  ceiling 12,346 msg/s CV 0.0%  p99 23.1 ms  peak 120 MiB / 256 MiB  0 reps, 41s",
  );
});

test("the line's peak is the highest repetition's, as in the sizing tables", () => {
  const r = record("a", "2026-11-22T00:00:00Z", "2026-11-22T00:00:41Z");
  const peaks = { median: 33 * 2 ** 20, min: 30 * 2 ** 20, max: 40 * 2 ** 20, cv: 0.1 };
  expect(cellLine({ ...r, summary: { ...r.summary, peakMemoryBytes: peaks } })).toContain(
    "peak 40 MiB / 256 MiB",
  );
});

test("a wide cell says so on its line", () => {
  const r = record("a", "2026-11-22T00:00:00Z", "2026-11-22T00:00:41Z");
  const line = cellLine({ ...r, summary: { ...r.summary, disagrees: true, noisy: true } });
  expect(line).toContain("WIDE: planned on its lowest confirmed repetition");
  expect(line).not.toContain("NOISY");
});

test("an extra repetition is named as such, with the cap", () => {
  const out: string[] = [];
  const printer = new ProgressPrinter((t) => out.push(t));
  const cell = testCell({ id: "a", repetitions: 3, maxRepetitions: 6 });
  const rep = { index: 3, status: "ok", wallSeconds: 2 } as never;
  printer.repetitionFinished(cell, rep);
  expect(out[0]).toContain("repetition 4 (extra: the ceilings disagree; at most 6)");
});

test("progress shows done/total, the current cell, elapsed and an ETA that moves after every repetition", () => {
  const out: string[] = [];
  let now = 0;
  const printer = new ProgressPrinter(
    (t) => out.push(t),
    () => now,
  );
  const cells = ["a", "b", "c"].map((id) => testCell({ id, repetitions: 2 }));
  const rep = (index: number) => ({ index, status: "ok", wallSeconds: 1 }) as never;
  printer.runStarted("r", cells, { a: 20, b: 20, c: 20 }, { beforeCellsSeconds: 4, afterCellsSeconds: 4 });
  now = 4_000; // the start probe
  printer.cellStarted(cells[0] as never);
  now = 24_000; // a's first repetition took twice its 10 s
  printer.repetitionFinished(cells[0] as never, rep(0));
  printer.cellStarted(cells[1] as never);
  now = 44_000;
  printer.repetitionFinished(cells[1] as never, rep(0));
  printer.cellStarted(cells[2] as never);
  expect(out[0]).toBe("[run] run r: 3 cells, estimated 1m08s\n");
  expect(out[1]).toBe("[run] 0/3 done · now a · elapsed 4s · ETA 1m04s\n");
  // No cell finished yet, the ETA already follows the pace: 4 repetitions left at 20 s, then the end probe.
  expect(out[3]).toBe("[run] 0/3 done · now b · elapsed 24s · ETA 1m44s\n");
  expect(out[5]).toBe("[run] 0/3 done · now c · elapsed 44s · ETA 1m24s\n");
});
