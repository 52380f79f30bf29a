import type { BenchResult } from "../../contract/result.ts";
import { type CellStatus, type CellSummary, peakMemoryOf, type Repetition } from "../results/cell-record.ts";
import { ceilingStatistics, MAX_CEILING_CV, NOISY_CV, spread } from "../results/statistics.ts";
import { stepAtCeiling } from "../results/step-at-ceiling.ts";

export interface CellVerdict {
  status: CellStatus;
  message: string;
  summary: CellSummary;
}

/**
 * A cell from its repetitions: one kind of ending -> that kind, mixed -> unstable; figures from the ok ones. A drifted
 * repetition is set aside (never planned on, named in the message); only when every one drifted is the cell drifted.
 */
export function summarizeCell(all: Repetition[]): CellVerdict {
  const drifted = all.filter((r) => r.status === "drifted");
  const repetitions = drifted.length < all.length ? all.filter((r) => r.status !== "drifted") : all;
  const kinds = [...new Set(repetitions.map((r) => r.status))];
  const lost = kinds.includes("engine-lost"); // resumable, whatever the other repetitions did
  const status: CellStatus = lost
    ? "engine-lost"
    : kinds.length === 1
      ? (kinds[0] as CellStatus)
      : "unstable";
  const ok = repetitions.filter((r) => r.status === "ok");
  const results = ok.map((r) => r.result).filter((r): r is BenchResult => r !== null);
  const pick = (f: (r: BenchResult) => number | null | undefined) =>
    spread(results.map(f).filter((v): v is number => typeof v === "number"));
  // Every repetition that searched counts, an unconfirmed one as 0/s: it pulls the cell toward "disagrees".
  const ceilings = ceilingStatistics(results.map((r) => stepAtCeiling(r)?.ceilingPerSec));
  const throughputPerSec = pick((r) => r.throughput.deliveredPerSec || r.throughput.publishedPerSec);
  const p99LatencyMs = pick((r) => headlineP99Ms(r));
  const peakMemoryBytes = spread(ok.map(peakMemoryOf).filter((v): v is number => v !== null));
  const noisy =
    ceilings.disagrees ||
    [ceilings.ceilingPerSec, throughputPerSec].some((s) => s !== null && s.cv > NOISY_CV);
  const unconfirmed = ceilings.unconfirmedRepetitions;
  const notes = [cellMessage(status, repetitions)];
  if (drifted.length > 0 && drifted.length < all.length)
    notes.push(`${drifted.length} more drifted and set aside: ${drifted[0]?.message}`);
  if (unconfirmed > 0) notes.push(`${unconfirmed} confirmed no ceiling under the SLO`);
  if (ceilings.disagrees)
    notes.push(
      `wide (ceiling CV ${((ceilings.ceilingPerSec?.cv ?? 0) * 100).toFixed(1)}% > ${MAX_CEILING_CV * 100}%): sized on its lowest confirmed repetition`,
    );
  return {
    status,
    message: notes.join("; "),
    summary: {
      ceilingPerSec: ceilings.ceilingPerSec,
      throughputPerSec,
      p99LatencyMs,
      peakMemoryBytes,
      noisy,
      repetitionsRun: all.length,
      unconfirmedRepetitions: unconfirmed,
      disagrees: ceilings.disagrees,
      driftedRepetitions: drifted.length,
    },
  };
}

/** p99 at the ceiling (the confirming step) for a search; otherwise the SLO's latency, else end-to-end, else publish. */
function headlineP99Ms(result: BenchResult): number | undefined {
  const at = stepAtCeiling(result);
  if (at !== null) return at.step?.latency.p99Ms;
  if (result.slo?.latency === "publish") return result.latency.publish?.p99Ms;
  return (result.latency.endToEnd ?? result.latency.publish)?.p99Ms;
}

function cellMessage(status: CellStatus, repetitions: Repetition[]): string {
  const counts = new Map<string, number>();
  for (const r of repetitions) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const tally = [...counts].map(([kind, n]) => `${n} ${kind}`).join(", ");
  if (status === "ok") return `${repetitions.length}/${repetitions.length} ok`;
  if (status === "drifted")
    return `no planning ceiling: all ${repetitions.length} repetitions ${repetitions[0]?.message}`;
  const firstBad = repetitions.find((r) => r.status !== "ok");
  return `${tally}${firstBad ? `: ${firstBad.message}` : ""}`;
}
