import { expect, test } from "bun:test";
import type { LoadStep } from "../../../contract/result.ts";
import { emptyCauses, topCausesText } from "../../../contract/step-causes.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { cellLine } from "../../../runner/progress/cell-line.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

/** One repetition's steps: a failed step just above the ceiling with causes, a higher one with more. */
function withCauses(record: CellRecord): CellRecord {
  const repetitions = record.repetitions.map((r) => {
    if (r.result === null) return r;
    const ceiling = r.result.ceiling?.ceilingPerSec ?? 0;
    const base = r.result.steps[0] as LoadStep;
    const failed = (offeredPerSec: number, causes: Partial<ReturnType<typeof emptyCauses>>): LoadStep => ({
      ...base,
      phase: "bisect",
      offeredPerSec,
      sloMet: false,
      causes: { ...emptyCauses(), status2xx: 1000, ...causes },
    });
    const steps = [
      ...r.result.steps,
      failed(ceiling * 1.5, { timeout: 300, failedStatuses: { 503: 200 } }),
      failed(ceiling * 1.05, { timeout: 37, failedStatuses: { 503: 12 }, retried: 4 }),
    ];
    return { ...r, result: { ...r.result, steps } };
  });
  return { ...record, repetitions };
}

test("top causes as text: most first, counted, statuses by code; nothing failed is empty", () => {
  expect(
    topCausesText({ ...emptyCauses(), timeout: 37, failedStatuses: { 503: 12 }, reset: 1, retried: 9 }),
  ).toBe("37 timeouts, 12 × 503, 1 reset");
  expect(topCausesText({ ...emptyCauses(), status2xx: 10, retried: 3 })).toBe("");
});

test("a cell with errors: the step just above its ceiling and its totals in the findings; the progress line names the top cause", () => {
  const record = withCauses(
    fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000, repetitions: 1 }),
  );
  const clean = fakeCellRecord({ cpus: 2, memoryMiB: 512, ceilingPerSec: 20_000, repetitions: 1 });
  const settings = CloudRunSettings.parse({ targetPerSec: 1000 });
  const findings = buildSizingReport([record, clean], { runId: "r", settings }).scenarios[0]?.findings ?? [];
  const errors = findings.filter((f) => f.startsWith("Errors in"));
  expect(errors).toEqual([
    "Errors in 1 vCPU / 512 MiB: just above its ceiling at 10,500 msg/s: 37 timeouts, 12 × 503; over all its steps 337 timeouts, 212 × 503.",
  ]);
  expect(cellLine(record)).toContain("errors: mostly 337 timeouts");
  expect(cellLine(clean)).not.toContain("errors");
});

test("older records without causes read as before: no finding", () => {
  const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000, repetitions: 1 });
  expect(record.repetitions[0]?.result?.steps.every((s) => s.causes === undefined)).toBe(true);
  const settings = CloudRunSettings.parse({ targetPerSec: 1000 });
  const findings = buildSizingReport([record], { runId: "r", settings }).scenarios[0]?.findings ?? [];
  expect(findings.some((f) => f.startsWith("Errors in"))).toBe(false);
});
