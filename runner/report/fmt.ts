import { type CpuPlacement, describePlacement, type LatencyKind } from "../results/cell-record.ts";
import { MIB, sizeLabel } from "../units/units.ts";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const usd = (value: number | null) =>
  value === null ? "–" : value < 0.01 && value > 0 ? `$${value.toFixed(5)}` : `$${value.toFixed(2)}`;

interface SizedFigures {
  planningCeilingPerSec?: number | null;
  spread?: { minPerSec: number; maxPerSec: number; cv: number; wide: boolean; basis: string } | null;
  cpuCoresAtCeiling?: number | null;
  cpuQuotaShareAtCeiling?: number | null;
  contendedRepetitions?: number;
  driftedRepetitions?: number;
  status?: string;
  repetitions: number;
  billing?: "request" | "instance";
  costPerHourUsd: number | null;
  costPerHourUsdByBilling?: { request: number | null; instance: number | null };
}

/** Number formatting shared by every exporter, so the CSV, Markdown, HTML and terminal agree. */
export const fmt = {
  mib: (bytes: number | null) => (bytes === null ? "–" : `${Math.round(bytes / MIB)} MiB`),
  rate: (perSec: number | null | undefined) =>
    perSec === null || perSec === undefined ? "–" : `${count(perSec)}/s`,
  ms: (ms: number | null) => (ms === null ? "–" : ms < 10 ? ms.toFixed(2) : ms.toFixed(1)),
  usd,
  pct: (fraction: number | null) => (fraction === null ? "–" : `${(fraction * 100).toFixed(0)}%`),
  signedPct: (pct: number | null) => (pct === null ? "–" : `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%`),
  size: sizeLabel,
  /** The CPU view and the service's cores, e.g. "pinned 1 (nproc 1, online 2)"; "⚠ pinned asked" when forced shared. */
  cpuView: (c: { cpu?: CpuPlacement | null }) =>
    `${describePlacement(c.cpu)}${c.cpu?.note ? " ⚠ pinned asked" : ""}`,
  cv: (spread: { cv: number } | null | undefined) =>
    spread === null || spread === undefined ? "–" : `${(spread.cv * 100).toFixed(1)}%`,
  /** How far to trust a cell's ceiling: wide cells are planned on their lowest repetition, noisy ones are marked. */
  agreement: (c: { spread?: { wide: boolean } | null; disagrees?: boolean; noisy: boolean }) =>
    (c.spread?.wide ?? c.disagrees) ? "wide" : c.noisy ? "noisy" : "",
  reps: (c: { okRepetitions: number; repetitions: number }) => `${c.okRepetitions}/${c.repetitions} ok`,
  shortSize: (c: { cpus: number; memoryBytes: number; smol: boolean }) =>
    `${c.cpus}c/${Math.round(c.memoryBytes / MIB)}Mi${c.smol ? "/smol" : ""}`,
  /** "9,000" (planning figure), with "lowest" when a wide cell plans on its lowest repetition. */
  planning: (c: SizedFigures) =>
    c.planningCeilingPerSec == null
      ? "–"
      : `${count(c.planningCeilingPerSec)}${c.spread?.wide ? " (lowest)" : ""}`,
  /** "8,700–9,300, CV 2.1%": the repetitions' spread beside the planning figure. */
  spread: (c: SizedFigures) =>
    c.spread?.basis === "single-repetition"
      ? "one repetition"
      : c.spread
        ? `${count(c.spread.minPerSec)}–${count(c.spread.maxPerSec)}, CV ${(c.spread.cv * 100).toFixed(1)}%`
        : "–",
  /** "0.97 (97%)": cores busy at the ceiling and their share of the CPU quota. */
  cpuAtCeiling: (c: SizedFigures) =>
    c.cpuCoresAtCeiling == null
      ? "–"
      : `${c.cpuCoresAtCeiling.toFixed(2)}${c.cpuQuotaShareAtCeiling == null ? "" : ` (${(c.cpuQuotaShareAtCeiling * 100).toFixed(0)}%)`}`,
  /** "2/3 contended" when other host load disturbed kept repetitions; "" otherwise. */
  /** "1/2 drifted": repetitions set aside because the service or host slowed during their search. */
  drifted: (c: SizedFigures) =>
    (c.driftedRepetitions ?? 0) > 0 && c.status !== "drifted"
      ? `${c.driftedRepetitions}/${c.repetitions} drifted`
      : "",
  contended: (c: SizedFigures) =>
    (c.contendedRepetitions ?? 0) > 0 ? `${c.contendedRepetitions}/${c.repetitions} contended` : "",
  /** "$0.13 instance (request $0.20)": the chosen bill, and the other mode's where Cloud Run allows it. */
  bill: (c: SizedFigures) => {
    if (c.costPerHourUsd === null) return "–";
    if (!c.billing) return usd(c.costPerHourUsd);
    const other = c.billing === "request" ? "instance" : "request";
    const otherUsd = c.costPerHourUsdByBilling?.[other] ?? null;
    return `${usd(c.costPerHourUsd)} ${c.billing}${otherUsd === null ? "" : ` (${other} ${usd(otherUsd)})`}`;
  },
};

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
