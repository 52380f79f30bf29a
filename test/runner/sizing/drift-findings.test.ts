import { describe, expect, test } from "bun:test";
import { fakeCellRecord } from "./fixture-builder.ts";
import { only } from "./size-records.ts";

describe("drifted repetitions in the sizing", () => {
  const s = only(
    [
      fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 1000, repetitionStatuses: ["ok", "drifted"] }),
      fakeCellRecord({
        cpus: 2,
        memoryMiB: 512,
        ceilingPerSec: 1000,
        status: "drifted",
        repetitionStatuses: ["drifted", "drifted"],
      }),
    ],
    { targetPerSec: 500 },
  );
  const findings = s.findings.join("\n");

  test("one of two drifted: planned on the other, still eligible, and a finding says it was set aside", () => {
    const cell = s.cells.find((c) => c.cpus === 1);
    expect(cell?.driftedRepetitions).toBe(1);
    expect(cell?.okRepetitions).toBe(1);
    expect(cell?.planningCeilingPerSec).toBeCloseTo(990, 0);
    expect(s.recommendation?.cpus).toBe(1);
    expect(findings).toContain("Drifted: 1 vCPU / 512 MiB (1 of 2 reps)");
    expect(findings).toContain("longer warm-up");
  });

  test("every repetition drifted: no planning ceiling, never recommended, and the finding says why", () => {
    const cell = s.cells.find((c) => c.cpus === 2);
    expect(cell?.status).toBe("drifted");
    expect(cell?.planningCeilingPerSec ?? null).toBeNull();
    expect(cell?.ineligibleReasons.join()).toContain("status drifted");
    expect(findings).toContain("No planning ceiling (drifted): 2 vCPU / 512 MiB");
  });
});
