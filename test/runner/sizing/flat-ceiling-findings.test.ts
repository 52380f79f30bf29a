import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import type { FakeCell } from "./fake/fake-cell.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

/** 1 and 2 vCPU at the same memory with the same ceiling (flat), and the given CPU evidence. */
function findings(evidence: Partial<FakeCell>): string {
  const records = [1, 2].map((cpus) =>
    fakeCellRecord({ cpus, memoryMiB: 512, ceilingPerSec: 5000, peakMemoryMiB: 100, ...evidence }),
  );
  const settings = CloudRunSettings.parse({ targetPerSec: 1000 });
  return buildSizingReport(records, { runId: "r", settings }).scenarios[0]?.findings.join("\n") ?? "";
}

describe("the flat-ceiling finding names its evidence", () => {
  test("about one core busy at the ceiling (per-step process CPU): single-threaded JavaScript", () => {
    const text = findings({ stepCores: 0.98 });
    expect(text).toContain("More CPUs do not raise the ceiling");
    expect(text).toContain("0.98 cores busy (the confirming step's own process CPU)");
    expect(text).toContain("single-threaded JavaScript");
    expect(text).not.toContain("not CPU-bound");
  });

  test("CPU well below the limit at the ceiling: not CPU-bound, paced by timers, I/O or waits", () => {
    const text = findings({ stepCores: 0.2 });
    expect(text).toContain("0.20 cores busy");
    expect(text).toContain("not CPU-bound");
    expect(text).toContain("timers, I/O or waits");
    expect(text).not.toContain("single-threaded");
  });

  test("without the per-step field it falls back to the repetition's Docker stats CPU", () => {
    // the first sample is always 0 (nothing to difference against); 90th percentile of the rest
    const idle = findings({ statsCpuPercent: [0, 12, 15, 18, 20, 22, 25, 20, 18, 15, 30] });
    expect(idle).toContain("(Docker stats of the repetition, 90th percentile)");
    expect(idle).toContain("not CPU-bound");
    const busy = findings({ statsCpuPercent: [0, 60, 95, 99, 101, 100, 98, 99, 100, 97, 102] });
    expect(busy).toContain("single-threaded JavaScript");
  });

  test("no CPU figure at all: the finding stays, the cause is not named", () => {
    const text = findings({});
    expect(text).toContain("More CPUs do not raise the ceiling");
    expect(text).toContain("cause is not named");
    expect(text).not.toContain("single-threaded");
  });

  test("a ceiling that grows with CPUs gives no finding", () => {
    const records = [1, 2].map((cpus) =>
      fakeCellRecord({ cpus, memoryMiB: 512, ceilingPerSec: 5000 * cpus, stepCores: cpus }),
    );
    const settings = CloudRunSettings.parse({ targetPerSec: 1000 });
    const report = buildSizingReport(records, { runId: "r", settings });
    expect(report.scenarios[0]?.findings.join("\n")).not.toContain("More CPUs");
  });
});
