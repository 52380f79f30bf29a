import { z } from "zod";
import type { CellRecord } from "./cell-record.ts";

/** What a cell's latency percentiles time, each from the intended send time. */
export const LatencyKind = z.enum([
  "publish", // in-container: until the publish was accepted
  "end-to-end", // until each delivery to a subscriber (in-container endToEnd scenarios, server-mode e2e workloads)
  "request", // server mode: until the HTTP answer
]);
export type LatencyKind = z.infer<typeof LatencyKind>;

/**
 * The one place that decides which latency a cell's percentiles are: in-container, the scenario's SLO latency as its
 * results state it; server mode, the request's, unless its workload module declares `latency: "end-to-end"`.
 * null: an in-container cell with no result to tell.
 */
export function latencyKindOf(record: Pick<CellRecord, "cell" | "repetitions">): LatencyKind | null {
  const { cell } = record;
  if (cell.mode === "service")
    return cell.service?.workload?.latency === "end-to-end" ? "end-to-end" : "request";
  const result = record.repetitions.find((r) => r.result !== null)?.result;
  if (!result) return null;
  const kind =
    result.slo?.latency ?? (result.latency.endToEnd && !result.latency.publish ? "endToEnd" : "publish");
  return kind === "endToEnd" ? "end-to-end" : "publish";
}
