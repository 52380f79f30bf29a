import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import type { CellSizing } from "../../../runner/sizing/cell-sizing.ts";
import { concurrencyFindings, recommendConcurrency } from "../../../runner/sizing/recommend-concurrency.ts";
import type { SizePick } from "../../../runner/sizing/sizing-report.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

describe("recommendConcurrency (Little's law)", () => {
  test("ceiling x latency, plus 20% headroom, rounded up", () => {
    // 500 requests/s at 21 ms: 10.5 in flight -> 12.6 -> 13.
    expect(recommendConcurrency(500, 21, 80)).toBe(13);
    expect(recommendConcurrency(1000, 2, 80)).toBe(3);
  });

  test("within Cloud Run's 1..1000, never above the concurrency it was measured with", () => {
    expect(recommendConcurrency(10, 1, 80)).toBe(1);
    expect(recommendConcurrency(100_000, 100, 1000)).toBe(1000);
    // 10,571/s at p99 45 ms: about 476 in flight by the p99, but only 80 were ever in flight.
    expect(recommendConcurrency(10_571, 45, 80)).toBe(80);
  });

  test("a finding for the recommended service cell only", () => {
    const cell = {
      cellId: "c",
      cpus: 1,
      concurrency: 10,
      p99AtCeilingMs: 21,
      ceilingPerSec: { median: 500, min: 490, max: 510, cv: 0.01 },
    } as CellSizing;
    const [finding] = concurrencyFindings([cell], { cellId: "c" } as SizePick);
    // 500/s at p99 21 ms: 10.5 in flight -> 13, more than the 10 measured: keep 10.
    expect(finding).toContain("the ceiling was reached with no more than 10 in flight");
    expect(finding).toContain("keep --concurrency 10;");
    const [lower] = concurrencyFindings([{ ...cell, concurrency: 80 }], { cellId: "c" } as SizePick);
    expect(lower).toContain("set --concurrency 13 (+20% headroom; measured with 80)");
    expect(concurrencyFindings([{ ...cell, concurrency: null }], { cellId: "c" } as SizePick)).toEqual([]);
    expect(concurrencyFindings([cell], null)).toEqual([]);
    // Below 1 vCPU Cloud Run allows concurrency 1 only: no suggestion.
    expect(concurrencyFindings([{ ...cell, cpus: 0.5 }], { cellId: "c" } as SizePick)).toEqual([]);
  });
});

describe("server-mode cells in the sizing report", () => {
  test("the gcloud line carries the cell's concurrency; startup and a Little's-law finding are reported", () => {
    const record = fakeCellRecord({ scenario: "home", cpus: 1, memoryMiB: 512, ceilingPerSec: 400 });
    record.cell = { ...record.cell, mode: "service", concurrency: 10 };
    record.repetitions = record.repetitions.map((r, i) => ({ ...r, startupMs: 100 + i * 10 }));
    const report = buildSizingReport([record], {
      runId: "r",
      settings: CloudRunSettings.parse({ targetPerSec: 1000, billing: "request" }),
    });
    const scenario = report.scenarios[0];
    expect(scenario?.recommendation?.gcloud).toContain("--concurrency 10");
    expect(scenario?.cells[0]?.concurrency).toBe(10);
    expect(scenario?.cells[0]?.startupMs?.min).toBe(100);
    expect(scenario?.findings.some((f) => f.startsWith("Concurrency (Little's law)"))).toBe(true);
  });
});
