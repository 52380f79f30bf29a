import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import { compositesDiffer, hostLine, PROBE_DRIFT_LIMIT, probeDrift } from "../host/host-probe.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { median } from "../results/statistics.ts";

/** sizing.json's host: what the run was measured on, every probe, and whether the host drifted during the run. */
export const HostSummary = z
  .object({
    cpuModel: z.string(),
    line: z.string().describe("the reports' first line: the host and its probe at start and end"),
    probes: z.array(HostProbe),
    drift: z
      .string()
      .nullable()
      .describe("the probes spread over 10%: the cells measured in the slow and the fast stretch"),
  })
  .strict();
export type HostSummary = z.infer<typeof HostSummary>;

/** A cell's probe: the median composite of the probes its repetitions recorded (null: none recorded). */
export function cellProbeComposite(record: CellRecord): number | null {
  const composites = record.repetitions.flatMap((r) => (r.hostProbe ? [r.hostProbe.composite] : []));
  return composites.length > 0 ? median(composites) : null;
}

const two = (x: number) => x.toFixed(2);
const clock = (iso: string) => iso.slice(11, 16);

/** The run's host facts; the drift finding splits cells at the probes' geometric midpoint. */
export function hostSummary(
  cpuModel: string,
  probes: readonly HostProbe[] | undefined,
  records: readonly CellRecord[],
): HostSummary {
  const drift = probeDrift(probes);
  let finding: string | null = null;
  if (drift) {
    const midpoint = Math.sqrt(drift.slow.composite * drift.fast.composite);
    const slow = new Set<string>();
    const fast = new Set<string>();
    // A cell goes where its median probe falls: one stretch each, even when its repetitions straddle the midpoint.
    for (const record of records) {
      const composite = cellProbeComposite(record);
      if (composite !== null) (composite < midpoint ? slow : fast).add(record.cell.id);
    }
    const list = (ids: Set<string>) => (ids.size > 0 ? [...ids].join(", ") : "none recorded");
    finding =
      `The host drifted ${((drift.ratio - 1) * 100).toFixed(0)}% during the run (over the ${PROBE_DRIFT_LIMIT * 100}% limit): ` +
      `probe ${two(drift.slow.composite)} at ${clock(drift.slow.takenAt)}, ${two(drift.fast.composite)} at ${clock(drift.fast.takenAt)}. ` +
      `Measured in the slow stretch: ${list(slow)}; in the fast stretch: ${list(fast)}. ` +
      "Compare cells across stretches with care, or re-run on a steadier host.";
  }
  return { cpuModel, line: hostLine(cpuModel, probes), probes: [...(probes ?? [])], drift: finding };
}

/** For an A/B or ×-smol row: a note when its two sides were measured more than 10% apart in probe. */
export function probeGapNote(a: number | null | undefined, b: number | null | undefined): string | null {
  if (!a || !b) return null;
  return compositesDiffer(a, b)
    ? `its two sides were measured ${Math.round((Math.max(a, b) / Math.min(a, b) - 1) * 100)}% apart in host probe (${two(a)} and ${two(b)})`
    : null;
}
