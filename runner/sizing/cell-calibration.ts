import { basename } from "node:path";
import { z } from "zod";
import type { CalibrationSize, StoredCalibration } from "../results/cloud-run-calibration.ts";

/** Beyond this the calibration's host and this run's host differ in probe: the ratio is scaled by theirs. */
export const PROBE_SCALE_THRESHOLD = 0.1;

/** What a cell's planning ceiling was multiplied by, and from which calibration file. */
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
    ratio: z.number().positive().describe("revision ÷ local as measured"),
    probeScale: z
      .number()
      .positive()
      .nullable()
      .describe("the calibration host's probe ÷ this run's, applied when they differ by over 10%; else null"),
    appliedRatio: z
      .number()
      .positive()
      .describe("ratio × probeScale (or ratio): what the local ceiling is multiplied by"),
    note: z.string().describe("how it was chosen, for the reports"),
  })
  .strict();
export type CellCalibration = z.infer<typeof CellCalibration>;

/** How far two sizes are apart: log-distance in vCPU (weighted most), then concurrency, then memory. */
function sizeDistance(a: CalibrationSize, b: CalibrationSize): number {
  const log = (x: number, y: number) => Math.abs(Math.log2(x / y));
  return 4 * log(a.cpus, b.cpus) + 2 * log(a.concurrency, b.concurrency) + log(a.memoryBytes, b.memoryBytes);
}

const sizeText = (size: CalibrationSize) =>
  `${size.cpus} vCPU, ${Math.round(size.memoryBytes / 2 ** 20)} MiB, concurrency ${size.concurrency}`;

/**
 * The calibration a cell plans with: the one of its own size, else the nearest calibrated size (said so); scaled by
 * the probe ratio when the calibration's host and this run's differ by more than 10%. null: none applies.
 */
export function calibrationFor(
  size: CalibrationSize,
  calibrations: readonly StoredCalibration[],
  runProbeComposite: number | null,
): CellCalibration | null {
  if (calibrations.length === 0) return null;
  const ranked = [...calibrations].sort(
    (a, b) =>
      sizeDistance(size, a.calibration.size) - sizeDistance(size, b.calibration.size) ||
      b.calibration.takenAt.localeCompare(a.calibration.takenAt),
  );
  const chosen = ranked[0] as StoredCalibration;
  const c = chosen.calibration;
  const exactSize = sizeDistance(size, c.size) === 0;
  const file = basename(chosen.path);
  const notes = [
    exactSize
      ? `calibrated at this size (${file}, ${c.takenAt.slice(0, 10)})`
      : `no calibration of this size: the nearest calibrated size (${sizeText(c.size)}, ${file}, ${c.takenAt.slice(0, 10)}) stands in`,
  ];
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
  } else if (thenComposite === null || runProbeComposite === null)
    notes.push("no host probe on one side: the ratio is applied unscaled");
  return {
    file,
    takenAt: c.takenAt,
    executionEnvironment: c.executionEnvironment,
    calibratedSize: c.size,
    exactSize,
    ratio: c.ratio,
    probeScale,
    appliedRatio: c.ratio * (probeScale ?? 1),
    note: notes.join("; "),
  };
}
