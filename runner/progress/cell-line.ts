import { topCausesText } from "../../contract/step-causes.ts";
import { type CellRecord, rateUnitOf } from "../results/cell-record.ts";
import { cellCauses } from "../sizing/error-cause-findings.ts";
import { formatDuration, MIB } from "../units/units.ts";

/** One line per finished cell: status, headline figures (p99 at the confirming step), spread and limit warnings. */
export function cellLine(record: CellRecord): string {
  const { summary, cell } = record;
  const parts = [`${record.status.padEnd(11)} ${cell.id}`];
  const unit = rateUnitOf(cell);
  if (summary.ceilingPerSec) {
    const cv = `CV ${(summary.ceilingPerSec.cv * 100).toFixed(1)}%`;
    parts.push(`ceiling ${Math.round(summary.ceilingPerSec.median).toLocaleString("en-US")} ${unit} ${cv}`);
  } else if (cell.service?.fixed) {
    parts.push("fixed-shape figures in the report");
  } else if (summary.throughputPerSec) {
    parts.push(`throughput ${Math.round(summary.throughputPerSec.median).toLocaleString("en-US")} ${unit}`);
  }
  if (summary.p99LatencyMs) parts.push(`p99 ${summary.p99LatencyMs.median.toFixed(1)} ms`);
  // The highest repetition's peak, as the sizing tables show it: memory is sized for the worst run, not the median.
  if (summary.peakMemoryBytes) {
    parts.push(`peak ${formatMebibytes(summary.peakMemoryBytes.max)} / ${formatMebibytes(cell.memoryBytes)}`);
  }
  const seconds = (Date.parse(record.finishedAt) - Date.parse(record.startedAt)) / 1000;
  const reps = record.repetitions.length;
  parts.push(`${reps} rep${reps === 1 ? "" : "s"}, ${formatDuration(seconds)}`);
  if (summary.disagrees) parts.push("WIDE: planned on its lowest confirmed repetition");
  else if (summary.noisy) parts.push("NOISY (CV > 10%)");
  if (record.repetitions.some((r) => r.limitMismatches.length > 0)) parts.push("LIMIT MISMATCH");
  const topCause = topCausesText(cellCauses(record), 1);
  if (topCause !== "") parts.push(`errors: mostly ${topCause}`);
  const forced = record.repetitions.findLast((r) => r.cpu?.note)?.cpu?.note;
  if (forced) parts.push(`SHARED: ${forced}`);
  const drifted = summary.driftedRepetitions ?? 0;
  if (drifted > 0 && record.status === "ok") parts.push(`${drifted} DRIFTED (set aside: see the report)`);
  if (record.status !== "ok") parts.push(`- ${record.message}`);
  return parts.join("  ");
}

/** Bytes as MiB with no decimals (memory limits are whole MiB in practice). */
function formatMebibytes(bytes: number): string {
  return `${Math.round(bytes / MIB)} MiB`;
}
