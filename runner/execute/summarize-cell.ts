import type { BenchResult } from "../../contract/result.ts";
import type { CellStatus, CellSummary, Repetition } from "../results/cell-record.ts";
import { spread } from "../results/spread.ts";
import { NOISY_CV } from "./execute-defaults.ts";

export interface CellVerdict {
  status: CellStatus;
  message: string;
  summary: CellSummary;
}

/** A cell from its repetitions: one kind of ending -> that kind, mixed -> unstable; figures from the ok ones. */
export function summarizeCell(repetitions: Repetition[]): CellVerdict {
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
  const ceilingPerSec = pick((r) => r.ceiling?.ceilingPerSec);
  const throughputPerSec = pick((r) => r.throughput.deliveredPerSec || r.throughput.publishedPerSec);
  const p99LatencyMs = pick((r) => headlineLatency(r)?.p99Ms);
  const peakMemoryBytes = spread(
    ok
      .map(
        (r) =>
          r.result?.resources.cgroupMemoryPeakBytes ??
          r.stats?.peakMemoryBytes ??
          r.result?.resources.peakRssBytes,
      )
      .filter((v): v is number => typeof v === "number"),
  );
  // A repetition whose search confirmed no ceiling disagrees with the ones that did: never hide it behind a median.
  const searched = results.filter((r) => r.ceiling !== null);
  const unconfirmed = searched.filter((r) => r.ceiling?.ceilingPerSec === null).length;
  const partlyUnconfirmed = unconfirmed > 0 && unconfirmed < searched.length;
  const noisy =
    partlyUnconfirmed || [ceilingPerSec, throughputPerSec].some((s) => s !== null && s.cv > NOISY_CV);
  const message = cellMessage(status, repetitions);
  return {
    status,
    message: unconfirmed > 0 ? `${message}; ${unconfirmed} confirmed no ceiling under the SLO` : message,
    summary: { ceilingPerSec, throughputPerSec, p99LatencyMs, peakMemoryBytes, noisy },
  };
}

/** The latency the SLO is about, else end-to-end, else publish. */
function headlineLatency(result: BenchResult) {
  if (result.slo?.latency === "publish") return result.latency.publish;
  return result.latency.endToEnd ?? result.latency.publish;
}

function cellMessage(status: CellStatus, repetitions: Repetition[]): string {
  const counts = new Map<string, number>();
  for (const r of repetitions) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const tally = [...counts].map(([kind, n]) => `${n} ${kind}`).join(", ");
  if (status === "ok") return `${repetitions.length}/${repetitions.length} ok`;
  const firstBad = repetitions.find((r) => r.status !== "ok");
  return `${tally}${firstBad ? `: ${firstBad.message}` : ""}`;
}
