import type { LatencyKind } from "../results/cell-record.ts";

/** What a scenario's (or a cell's) sizing says it measured; both absent in older sizing files. */
export interface Measured {
  rateUnit?: string;
  latencyKind?: LatencyKind | null;
}

const NOUNS: Record<string, string> = { "msg/s": "messages", "req/s": "requests" };
const LATENCY_WORDS: Record<LatencyKind, string> = {
  publish: "publish",
  "end-to-end": "end-to-end",
  request: "request",
};

/** Labels every exporter (terminal, Markdown, HTML, CSV, charts) uses, so all of them name the same unit. */
export const measureLabels = {
  /** "req/s"; "/s" when unknown. */
  unit: (m: Measured) => m.rateUnit ?? "/s",
  /** "1,234 req/s" */
  rate: (perSec: number | null | undefined, m: Measured) =>
    perSec === null || perSec === undefined
      ? "–"
      : `${Math.round(perSec).toLocaleString("en-US")}${m.rateUnit ? ` ${m.rateUnit}` : "/s"}`,
  /** What one unit of the rate is, in plural: "messages", "requests", "publishes". */
  noun: (m: Measured) => (m.rateUnit ? (NOUNS[m.rateUnit] ?? m.rateUnit.replace(/\/s$/, "")) : "operations"),
  /** "end-to-end p50/p95/p99 ms": which latency the percentiles time. */
  percentiles: (m: Measured) => `${m.latencyKind ? `${LATENCY_WORDS[m.latencyKind]} ` : ""}p50/p95/p99 ms`,
  /** "end-to-end p99", for charts and picks. */
  p99: (m: Measured) => `${m.latencyKind ? `${LATENCY_WORDS[m.latencyKind]} ` : ""}p99`,
};
