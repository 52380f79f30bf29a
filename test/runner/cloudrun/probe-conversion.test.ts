import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { terminalTables } from "../../../runner/report/report-terminal.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

// A CPU-bound cell (the service at 95% of its 1-vCPU quota at the ceiling) and a timer-paced one (20%).
const cpuBound = fakeCellRecord({
  scenario: "hash",
  cpus: 1,
  memoryMiB: 512,
  ceilingPerSec: 1000,
  peakMemoryMiB: 100,
  repetitions: 1,
  stepCores: 0.95,
});
const timerPaced = fakeCellRecord({
  scenario: "wait",
  cpus: 1,
  memoryMiB: 512,
  ceilingPerSec: 500,
  peakMemoryMiB: 100,
  repetitions: 1,
  stepCores: 0.2,
});
const settings = CloudRunSettings.parse({
  targetPerSec: 2000,
  utilizationTarget: 1,
  targetProbe: { composite: 0.6, executionEnvironment: "gen1" },
});
const cellOf = (report: ReturnType<typeof buildSizingReport>, scenario: string) =>
  report.scenarios.find((s) => s.scenario === scenario)?.cells[0];

describe("cloudRun.targetProbe converts CPU-bound cells and leaves the others as measured", () => {
  const report = buildSizingReport([cpuBound, timerPaced], { runId: "r", settings, hostProbeComposite: 1.2 });

  test("a CPU-bound cell is converted by target ÷ this run's probe, labelled converted by probe", () => {
    const cell = cellOf(report, "hash");
    expect(cell?.planningCeilingPerSec).toBeCloseTo(500, 6);
    expect(cell?.localPlanningCeilingPerSec).toBe(1000);
    expect(cell?.probeConversion).toMatchObject({ converted: true, factor: 0.5 });
    expect(cell?.probeConversion?.note).toStartWith("converted by probe");
    // Cloud Run's CPU rule: 60% of the quota at 0.6 ÷ 0.95 of the local 1,000/s, × 0.5 on Cloud Run = 315.8/s,
    // so ceil(2,000 ÷ 315.8) = 7 instances (the converted ceiling alone would say 4).
    expect(cell?.driverRates?.cpuPerSec).toBeCloseTo(((0.6 / 0.95) * 1000) / 2, 6);
    expect(cell?.instances).toBe(7);
    expect(cell?.scalingDriver).toBe("cpu");
  });

  test("a timer-paced cell is left as measured, and says why", () => {
    const cell = cellOf(report, "wait");
    expect(cell?.planningCeilingPerSec).toBe(500);
    expect(cell?.probeConversion).toMatchObject({ converted: false, factor: null });
    expect(cell?.probeConversion?.note).toContain("used 20% of its CPU quota at the ceiling (under 80%)");
  });

  test("the terminal shows both, and without a probe in the run nothing is converted", () => {
    const text = terminalTables(report);
    expect(text).toContain("converted by probe");
    expect(text).toContain("left as measured");
    const noProbe = buildSizingReport([cpuBound], { runId: "r", settings, hostProbeComposite: null });
    expect(cellOf(noProbe, "hash")?.planningCeilingPerSec).toBe(1000);
    expect(cellOf(noProbe, "hash")?.probeConversion?.note).toContain("no host probe");
  });
});
