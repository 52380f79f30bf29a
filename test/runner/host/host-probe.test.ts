import { describe, expect, test } from "bun:test";
import { HOST_PROBE_VERSION, HostProbe } from "../../../contract/host-probe.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import {
  compareProbes,
  hostLine,
  PROBE_REFERENCE,
  probeDrift,
  probeTable,
  probeText,
  scoreProbe,
} from "../../../runner/host/host-probe.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { hostSummary, probeGapNote } from "../../../runner/sizing/host-summary.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { probeAt } from "./probe-fixture.ts";

describe("scoring a probe", () => {
  test("each part is relative to the reference, the composite is their geometric mean", () => {
    const ref = PROBE_REFERENCE.opsPerSec.full;
    const probe = scoreProbe(
      {
        form: "full",
        integer: ref.integer * 0.77,
        allocation: ref.allocation * 0.41,
        json: ref.json * 0.48,
        http: ref.http * 0.55,
        bunVersion: "1.4.5",
        elapsedMs: 3600,
      },
      { takenAt: "2026-11-27T04:00:00.000Z", cpuModel: "AMD EPYC", core: 0 },
    );
    expect(HostProbe.parse(probe)).toEqual(probe);
    expect(probe.probeVersion).toBe(HOST_PROBE_VERSION);
    expect(probe.parts.allocation.relative).toBeCloseTo(0.41, 6);
    expect(probe.composite).toBeCloseTo((0.77 * 0.41 * 0.48 * 0.55) ** 0.25, 6);
    expect(probeText(probe)).toBe("probe 0.54 (integer 0.77, allocation 0.41, JSON 0.48, HTTP 0.55)");
    expect(probeTable(probe)).toContain("composite");
  });

  test("the short form is scored against the short form's own reference", () => {
    expect(probeAt(1, undefined, "short").composite).toBeCloseTo(1, 9);
    expect(probeAt(1, undefined, "short").parts.integer.opsPerSec).toBe(
      PROBE_REFERENCE.opsPerSec.short.integer,
    );
  });
});

describe("comparing two probes", () => {
  test("within 10% compares as one host", () => {
    const c = compareProbes(probeAt(1.0), probeAt(1.08));
    expect(c.kind).toBe("same");
    expect(c.scale).toBe(1);
  });

  test("beyond 10% scales the baseline by the composite ratio and says so", () => {
    const c = compareProbes(probeAt(0.62), probeAt(1.05));
    expect(c.kind).toBe("normalised");
    expect(c.scale).toBeCloseTo(0.62 / 1.05, 9);
    expect(c.label).toBe("normalised (probe 0.62 here, 1.05 in the baseline)");
  });

  test("a side without a probe compares as before, with a warning naming it", () => {
    const c = compareProbes(probeAt(1), null);
    expect(c.kind).toBe("missing");
    expect(c.scale).toBe(1);
    if (c.kind === "missing") expect(c.warning).toContain("the baseline has no host probe");
  });

  test("probes of different versions never compare", () => {
    const old = { ...probeAt(0.5), probeVersion: HOST_PROBE_VERSION + 1 };
    expect(compareProbes(probeAt(1), old).kind).toBe("versions");
  });
});

describe("a run's probes", () => {
  test("the host line names the CPU, the start probe with its parts and the end composite", () => {
    const line = hostLine("AMD EPYC", [probeAt(0.62), probeAt(0.61, undefined, "short"), probeAt(0.6)]);
    expect(line).toBe(
      "Measured on AMD EPYC, probe 0.62 (integer 0.62, allocation 0.62, JSON 0.62, HTTP 0.62) at start, 0.60 at end",
    );
    expect(hostLine("AMD EPYC", undefined)).toContain("no host probe");
  });

  test("a drift over 10% is a finding naming the cells of the slow and the fast stretch", () => {
    const fast = probeAt(1.0, "2026-11-27T04:00:00.000Z");
    const slow = probeAt(0.8, "2026-11-27T04:05:00.000Z");
    const withProbe = (id: string, probe: HostProbe) => {
      const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 1000 });
      return {
        ...record,
        cell: { ...record.cell, id },
        repetitions: record.repetitions.map((r) => ({ ...r, hostProbe: probe })),
      };
    };
    expect(probeDrift([fast, slow])?.ratio).toBeCloseTo(1.25, 9);
    const summary = hostSummary(
      "AMD EPYC",
      [fast, slow],
      [withProbe("early", fast), withProbe("late", slow)],
    );
    expect(summary.drift).toContain("drifted 25%");
    expect(summary.drift).toContain("slow stretch: late; in the fast stretch: early");
    // A cell whose repetitions straddle the midpoint is named once, by its median probe.
    const straddling = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 1000, repetitions: 3 });
    const both = {
      ...straddling,
      cell: { ...straddling.cell, id: "both" },
      repetitions: straddling.repetitions.map((r, i) => ({ ...r, hostProbe: i === 0 ? fast : slow })),
    };
    const once = hostSummary("AMD EPYC", [fast, slow], [both]).drift ?? "";
    expect(once).toContain("slow stretch: both; in the fast stretch: none recorded");
    expect(hostSummary("AMD EPYC", [fast, probeAt(0.95)], []).drift).toBeNull();
  });

  test("two sides measured more than 10% apart in probe get a note; close ones none", () => {
    expect(probeGapNote(0.6, 0.7)).toContain("17% apart in host probe (0.60 and 0.70)");
    expect(probeGapNote(0.6, 0.62)).toBeNull();
    expect(probeGapNote(null, 0.62)).toBeNull();
  });
});

describe("sizing.json and the host probe", () => {
  test("each planning ceiling is also given per probe unit, and the host line and probes are kept", () => {
    const start = probeAt(0.5, "2026-11-27T04:00:00.000Z");
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 1000, ceilingJitter: 0 });
    const probed = { ...record, repetitions: record.repetitions.map((r) => ({ ...r, hostProbe: start })) };
    const report = buildSizingReport([probed], {
      runId: "r",
      settings: CloudRunSettings.parse({}),
      host: { cpuModel: "AMD EPYC", probes: [start, probeAt(0.48, "2026-11-27T04:03:00.000Z")] },
    });
    const cell = report.scenarios[0]?.cells[0];
    expect(cell?.probeComposite).toBeCloseTo(0.5, 9);
    expect(cell?.planningCeilingPerProbeUnit).toBeCloseTo((cell?.planningCeilingPerSec ?? 0) / 0.5, 6);
    expect(report.host?.line).toStartWith("Measured on AMD EPYC, probe 0.50 (");
    expect(report.host?.line).toEndWith("at start, 0.48 at end");
    expect(report.host?.probes).toHaveLength(2);
  });

  test("a cell without probes has no per-unit figure", () => {
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 1000 });
    const report = buildSizingReport([record], { runId: "r", settings: CloudRunSettings.parse({}) });
    expect(report.scenarios[0]?.cells[0]?.planningCeilingPerProbeUnit).toBeNull();
    expect(report.host).toBeUndefined();
  });
});
