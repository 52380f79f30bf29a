import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { reportMarkdown } from "../../../runner/report/report-markdown.ts";
import { terminalTables } from "../../../runner/report/report-terminal.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import type {
  CloudRunCalibration,
  StoredCalibration,
} from "../../../runner/results/cloud-run-calibration.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { calibrationFor } from "../../../runner/sizing/cell-calibration.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

const MIB = 2 ** 20;

function stored(
  size: { cpus: number; memoryMiB: number; concurrency: number },
  ratio: number,
  probe: number | null = null,
): StoredCalibration {
  const calibration: CloudRunCalibration = {
    calibrationVersion: 1,
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
  };
  return {
    path: `/r/.calibration/cloud-run-${size.cpus}-${size.memoryMiB}Mi-${size.concurrency}.json`,
    calibration,
  };
}

const ONE = { cpus: 1, memoryBytes: 512 * MIB, concurrency: 80 };

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
      file: "cloud-run-1-512Mi-80.json",
    });
  });

  test("without one of its size, the nearest calibrated size, saying which", () => {
    const picked = calibrationFor(
      ONE,
      [
        stored({ cpus: 4, memoryMiB: 2048, concurrency: 80 }, 2),
        stored({ cpus: 1, memoryMiB: 1024, concurrency: 80 }, 0.7),
      ],
      null,
    );
    expect(picked?.exactSize).toBe(false);
    expect(picked?.ratio).toBe(0.7);
    expect(picked?.note).toContain(
      "nearest calibrated size (1 vCPU, 1024 MiB, concurrency 80, cloud-run-1-1024Mi-80.json, 2026-11-20)",
    );
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

function serviceRecord(ceilingPerSec: number): CellRecord {
  const record = fakeCellRecord({
    scenario: "ingest",
    cpus: 1,
    memoryMiB: 512,
    ceilingPerSec,
    peakMemoryMiB: 100,
    repetitions: 1,
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
    expect([before?.instances, after?.instances]).toEqual([2, 4]);
    expect(calibrated.assumptions.join("\n")).toContain("cloud-run-1-512Mi-80.json of 2026-11-20");
  });

  test("the terminal and report.md show local and calibrated side by side with the file and its date", () => {
    const report = buildSizingReport([serviceRecord(1000)], { runId: "r", settings, calibrations });
    for (const text of [terminalTables(report), reportMarkdown(report)]) {
      expect(text).toContain("Cloud Run calibration");
      expect(text).toContain("cloud-run-1-512Mi-80.json, 2026-11-20, gen2");
      expect(text).toContain("× 0.500");
    }
  });
});
