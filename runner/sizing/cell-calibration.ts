import { basename } from "node:path";
import { z } from "zod";
import { CPU_BOUND_QUOTA_SHARE } from "../cloudrun/probe-conversion.ts";
import type { StoredCalibration } from "../results/cloud-run-calibration.ts";

/** Beyond this the calibration's host and this run's host differ in probe: the ratio is scaled by theirs. */
export const PROBE_SCALE_THRESHOLD = 0.1;
/** A calibration of another size stands in only within this factor of vCPU (either way). */
export const FALLBACK_MAX_CPU_FACTOR = 2;

/** What a cell's planning ceiling was multiplied by (or why not), and from which calibration file. */
export const CellCalibration = z
  .object({
    file: z.string().describe("the calibration file's name under results/.calibration/"),
    takenAt: z.iso.datetime(),
    executionEnvironment: z.enum(["gen1", "gen2"]).nullable(),
    calibratedSize: z
      .object({ cpus: z.number(), memoryBytes: z.number(), concurrency: z.number() })
      .strict()
      .describe("the size the revision was measured at"),
    exactSize: z.boolean().describe("false: the nearest calibrated size stands in for this one"),
    applied: z
      .boolean()
      .describe(
        "false: shown for its status only (multi-instance, client-limited, stopped early, not CPU-bound)",
      ),
    ratio: z.number().positive().describe("revision ÷ local as measured"),
    probeScale: z
      .number()
      .positive()
      .nullable()
      .describe("the calibration host's probe ÷ this run's, applied when they differ by over 10%; else null"),
    appliedRatio: z
      .number()
      .positive()
      .describe("ratio × probeScale (or ratio): what the local ceiling is multiplied by when applied"),
    note: z.string().describe("how it was chosen and its status, for the reports"),
  })
  .strict();
export type CellCalibration = z.infer<typeof CellCalibration>;

/** The cell a calibration is looked up for: its scenario, size and Cloud Run execution environment. */
export interface CalibrationKey {
  scenario: string;
  cpus: number;
  memoryBytes: number;
  concurrency: number;
  executionEnvironment: "gen1" | "gen2";
}

/** How far two sizes are apart: log-distance in vCPU (weighted most), then concurrency, then memory. */
function sizeDistance(a: Omit<CalibrationKey, "scenario" | "executionEnvironment">, b: typeof a): number {
  const log = (x: number, y: number) => Math.abs(Math.log2(x / y));
  return 4 * log(a.cpus, b.cpus) + 2 * log(a.concurrency, b.concurrency) + log(a.memoryBytes, b.memoryBytes);
}

const sizeText = (size: { cpus: number; memoryBytes: number; concurrency: number }) =>
  `${size.cpus} vCPU, ${Math.round(size.memoryBytes / 2 ** 20)} MiB, concurrency ${size.concurrency}`;

/** Same scenario and environment, the same concurrency class (1, or more), and within 2× in vCPU. */
function standsIn(key: CalibrationKey, stored: StoredCalibration): boolean {
  const c = stored.calibration;
  const cpuFactor = Math.max(key.cpus, c.size.cpus) / Math.min(key.cpus, c.size.cpus);
  return (
    c.scenario === key.scenario &&
    c.executionEnvironment === key.executionEnvironment &&
    (key.concurrency === 1) === (c.size.concurrency === 1) &&
    cpuFactor <= FALLBACK_MAX_CPU_FACTOR
  );
}

/**
 * The calibration a cell plans with: its own key's, else the nearest that stands in (said so, naming the file);
 * one with a problem (multi-instance, client-limited, stopped early) is never applied, only shown with its status.
 * Scaled by the probe ratio when the calibration's host and this run's differ by more than 10%. null: none fits.
 */
export function calibrationFor(
  key: CalibrationKey,
  calibrations: readonly StoredCalibration[],
  runProbeComposite: number | null,
): CellCalibration | null {
  const ranked = calibrations
    .filter((s) => standsIn(key, s))
    .sort(
      (a, b) =>
        Number(a.calibration.problems.length > 0) - Number(b.calibration.problems.length > 0) ||
        sizeDistance(key, a.calibration.size) - sizeDistance(key, b.calibration.size) ||
        b.calibration.takenAt.localeCompare(a.calibration.takenAt),
    );
  const chosen = ranked[0];
  if (!chosen) return null;
  const c = chosen.calibration;
  const exactSize = sizeDistance(key, c.size) === 0;
  const file = basename(chosen.path);
  const notes = [
    exactSize
      ? `calibrated at this size (${file}, ${c.takenAt.slice(0, 10)})`
      : `no calibration of this size: the nearest of the same scenario, environment and concurrency class within ${FALLBACK_MAX_CPU_FACTOR}× vCPU (${sizeText(c.size)}, ${file}, ${c.takenAt.slice(0, 10)}) stands in`,
  ];
  const applied = c.problems.length === 0;
  if (!applied) notes.push(`not applied: ${c.problems.map((p) => p.kind).join(", ")}`);
  else if (c.repetitions.wide)
    notes.push(`wide: its repetitions' ratios spread ${c.repetitions.ratioSpreadPct.toFixed(0)}%`);
  if (c.instances.header === null) notes.push("scale-out was not checked when it was taken");
  const thenComposite = c.hostProbe?.composite ?? null;
  let probeScale: number | null = null;
  if (thenComposite !== null && runProbeComposite !== null) {
    const drift = Math.abs(runProbeComposite / thenComposite - 1);
    if (drift > PROBE_SCALE_THRESHOLD) {
      // ratio = revision ÷ local there; local here ≈ local there × (probe here ÷ probe there).
      probeScale = thenComposite / runProbeComposite;
      notes.push(
        `the calibration's host probed ${thenComposite.toFixed(2)} and this run's ${runProbeComposite.toFixed(2)} (over ${PROBE_SCALE_THRESHOLD * 100}% apart): its ratio is scaled by ${probeScale.toFixed(3)}`,
      );
    }
  } else notes.push("no host probe on one side: the ratio is applied unscaled");
  return {
    file,
    takenAt: c.takenAt,
    executionEnvironment: c.executionEnvironment,
    calibratedSize: c.size,
    exactSize,
    applied,
    ratio: c.ratio,
    probeScale,
    appliedRatio: c.ratio * (probeScale ?? 1),
    note: notes.join("; "),
  };
}

/** Only a CPU-bound cell (≥ 80% of its quota at the ceiling, as cloudRun.targetProbe) moves with the platform's CPU. */
export function limitToCpuBound(calibration: CellCalibration, cpuQuotaShare: number | null): CellCalibration {
  if (!calibration.applied) return calibration;
  if (cpuQuotaShare !== null && cpuQuotaShare >= CPU_BOUND_QUOTA_SHARE) return calibration;
  const why =
    cpuQuotaShare === null
      ? "the service's CPU at the ceiling is unknown, so it cannot be called CPU-bound"
      : `the service used ${Math.round(cpuQuotaShare * 100)}% of its CPU quota at the ceiling (under ${CPU_BOUND_QUOTA_SHARE * 100}%)`;
  return { ...calibration, applied: false, note: `${calibration.note}; not applied: ${why}` };
}
