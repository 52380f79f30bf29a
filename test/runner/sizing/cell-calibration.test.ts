import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { reportMarkdown } from "../../../runner/report/report-markdown.ts";
import { terminalTables } from "../../../runner/report/report-terminal.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import {
  type CloudRunCalibration,
  calibrationFileName,
  type StoredCalibration,
} from "../../../runner/results/cloud-run-calibration.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { calibrationFor } from "../../../runner/sizing/cell-calibration.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

const MIB = 2 ** 20;

function stored(
  size: { cpus: number; memoryMiB: number; concurrency: number },
  ratio: number,
  probe: number | null = null,
  other: Partial<CloudRunCalibration> = {},
): StoredCalibration {
  const calibration: CloudRunCalibration = {
    calibrationVersion: 2,
    size: { cpus: size.cpus, memoryBytes: size.memoryMiB * MIB, concurrency: size.concurrency },
    scenario: "ingest",
    urlHost: "svc-abc-ew.a.run.app",
    takenAt: "2026-11-20T10:00:00.000Z",
    executionEnvironment: "gen2",
    cloudRunCeilingPerSec: 1000 * ratio,
    localCeilingPerSec: 1000,
    ratio,
    localSource: { kind: "latest-run", runId: "r0", cellId: "c", cpuView: null },
    localByCpuView: null,
    roundTripFloorMs: 12,
    roundTripFloorP99Ms: 15,
    repetitions: {
      revisionCeilingsPerSec: [1000 * ratio],
      localCeilingsPerSec: [1000],
      ratioSpreadPct: 0,
      wide: false,
    },
    instances: { header: "x-instance-id", mostIdsInAStep: 1, distinctIds: 1 },
    problems: [],
    littleLawShare: 0.1,
    requestsSent: 1000,
    searchNotes: [],
    stopReason: null,
    hostProbe:
      probe === null
        ? null
        : {
            probeVersion: 1,
            form: "full",
            takenAt: "2026-11-20T09:59:00.000Z",
            cpuModel: "test",
            core: 1,
            parts: {
              integer: { opsPerSec: 1, relative: probe },
              allocation: { opsPerSec: 1, relative: probe },
              json: { opsPerSec: 1, relative: probe },
              http: { opsPerSec: 1, relative: probe },
            },
            composite: probe,
          },
    hostProbeMissing: probe === null ? "no probe" : null,
    ...other,
  };
  return { path: `/r/.calibration/${calibrationFileName(calibration)}`, calibration };
}

const ONE = {
  scenario: "ingest",
  executionEnvironment: "gen2" as const,
  cpus: 1,
  memoryBytes: 512 * MIB,
  concurrency: 80,
};

describe("calibrationFor: which calibration a size plans with", () => {
  test("the same size's, exactly, with its ratio unscaled when no probe is on either side", () => {
    const picked = calibrationFor(
      ONE,
      [
        stored({ cpus: 2, memoryMiB: 512, concurrency: 80 }, 2),
        stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.8),
      ],
      null,
    );
    expect(picked).toMatchObject({
      exactSize: true,
      ratio: 0.8,
      appliedRatio: 0.8,
      probeScale: null,
      file: "cloud-run-ingest-1-512Mi-80-gen2.json",
    });
  });

  test("without one of its size, the nearest calibrated size, saying which", () => {
    const picked = calibrationFor(
      ONE,
      [
        stored({ cpus: 4, memoryMiB: 2048, concurrency: 80 }, 2),
        stored({ cpus: 2, memoryMiB: 1024, concurrency: 80 }, 0.7),
      ],
      null,
    );
    expect(picked?.exactSize).toBe(false);
    expect(picked?.ratio).toBe(0.7);
    expect(picked?.note).toContain(
      "the nearest of the same scenario, environment and concurrency class within 2× vCPU (2 vCPU, 1024 MiB, concurrency 80, cloud-run-ingest-2-1024Mi-80-gen2.json, 2026-11-20) stands in",
    );
  });

  test("no fallback across a scenario, an environment, a concurrency class, or more than 2× in vCPU", () => {
    const far = [
      stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.8, null, { scenario: "other" }),
      stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.8, null, { executionEnvironment: "gen1" }),
      stored({ cpus: 1, memoryMiB: 512, concurrency: 1 }, 0.8),
      stored({ cpus: 4, memoryMiB: 512, concurrency: 80 }, 0.8),
    ];
    expect(calibrationFor(ONE, far, null)).toBeNull();
    // The case: a 1 vCPU gen2 file never stands in for a 0.5 vCPU gen1 concurrency-1 cell.
    const half = { ...ONE, cpus: 0.5, executionEnvironment: "gen1" as const, concurrency: 1 };
    expect(
      calibrationFor(half, [stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.8)], null),
    ).toBeNull();
  });

  test("multi-instance, client-limited or stopped-early: shown with its status, never applied; an applicable one wins", () => {
    for (const kind of ["multi-instance", "client-limited", "stopped-early"] as const) {
      const bad = stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.5, null, {
        problems: [{ kind, detail: "d" }],
      });
      const alone = calibrationFor(ONE, [bad], null);
      expect(alone).toMatchObject({ applied: false, exactSize: true });
      expect(alone?.note).toContain(`not applied: ${kind}`);
      const good = stored({ cpus: 2, memoryMiB: 512, concurrency: 80 }, 0.9);
      expect(calibrationFor(ONE, [bad, good], null)).toMatchObject({ applied: true, ratio: 0.9 });
    }
  });

  test("a calibration host over 10% apart in probe scales the ratio by the probe ratio; within 10% it does not", () => {
    const far = calibrationFor(ONE, [stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.8, 1.0)], 0.5);
    expect(far?.probeScale).toBeCloseTo(2, 6);
    expect(far?.appliedRatio).toBeCloseTo(1.6, 6);
    expect(far?.note).toContain("scaled by 2.000");
    const near = calibrationFor(ONE, [stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.8, 1.0)], 0.95);
    expect([near?.probeScale, near?.appliedRatio]).toEqual([null, 0.8]);
  });

  test("no calibrations: null (the plan stays on local figures)", () => {
    expect(calibrationFor(ONE, [], 1)).toBeNull();
  });
});

/** A CPU-bound service cell (97% of its quota at the ceiling) unless stepCores says otherwise. */
function serviceRecord(ceilingPerSec: number, stepCores = 0.97): CellRecord {
  const record = fakeCellRecord({
    scenario: "ingest",
    cpus: 1,
    memoryMiB: 512,
    ceilingPerSec,
    peakMemoryMiB: 100,
    repetitions: 1,
    stepCores,
  });
  return { ...record, cell: { ...record.cell, mode: "service", concurrency: 80 } };
}

describe("a run plans on the calibrated ceiling, the local one beside it", () => {
  const settings = CloudRunSettings.parse({ targetPerSec: 2000, utilizationTarget: 1 });
  const calibrations = [stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.5)];

  test("instances stand on local × ratio; sizing.json keeps both and names the file", () => {
    const local = buildSizingReport([serviceRecord(1000)], { runId: "r", settings });
    const calibrated = buildSizingReport([serviceRecord(1000)], { runId: "r", settings, calibrations });
    const [before, after] = [local, calibrated].map((r) => r.scenarios[0]?.cells[0]);
    expect(before?.planningCeilingPerSec).toBe(1000);
    expect(before?.calibration).toBeUndefined();
    expect(after?.planningCeilingPerSec).toBe(500);
    expect(after?.localPlanningCeilingPerSec).toBe(1000);
    // Cloud Run's CPU rule at its 0.6 target: ceil(2,000/s × 0.97 core ÷ 1,000/s ÷ 0.6) = 4 locally; at 0.5 × the
    // ceiling each request costs twice the CPU: ceil(2,000 × 0.97 ÷ 500 ÷ 0.6) = 7.
    expect([before?.instances, after?.instances]).toEqual([4, 7]);
    expect(calibrated.assumptions.join("\n")).toContain(
      "cloud-run-ingest-1-512Mi-80-gen2.json of 2026-11-20",
    );
  });

  test("the terminal and report.md show local and calibrated side by side with the file and its date", () => {
    const report = buildSizingReport([serviceRecord(1000)], { runId: "r", settings, calibrations });
    for (const text of [terminalTables(report), reportMarkdown(report)]) {
      expect(text).toContain("Cloud Run calibration");
      expect(text).toContain("cloud-run-ingest-1-512Mi-80-gen2.json, 2026-11-20, gen2");
      expect(text).toContain("× 0.500");
    }
  });
});

describe("a calibration applies only where it holds", () => {
  const settings = CloudRunSettings.parse({ targetPerSec: 2000, utilizationTarget: 1 });
  test("a multi-instance calibration is shown as not applied: the plan stays on the local ceiling", () => {
    const calibrations = [
      stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.5, null, {
        problems: [{ kind: "multi-instance", detail: "2 ids" }],
      }),
    ];
    const report = buildSizingReport([serviceRecord(1000)], { runId: "r", settings, calibrations });
    const cell = report.scenarios[0]?.cells[0];
    expect(cell?.planningCeilingPerSec).toBe(1000);
    expect(cell?.calibration?.applied).toBe(false);
    expect(terminalTables(report)).toContain("not applied (× 0.500 measured)");
  });

  test("a cell under 80% of its CPU quota at the ceiling is left as measured, and says why", () => {
    const record = serviceRecord(1000, 0.3);
    const calibrations = [stored({ cpus: 1, memoryMiB: 512, concurrency: 80 }, 0.5)];
    const cell = buildSizingReport([record], { runId: "r", settings, calibrations }).scenarios[0]?.cells[0];
    expect(cell?.planningCeilingPerSec).toBe(1000);
    expect(cell?.calibration?.note).toContain("30% of its CPU quota at the ceiling (under 80%)");
  });
});
