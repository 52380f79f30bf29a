import { MIB } from "../units/bytes.ts";

/** Number formatting shared by every exporter, so the CSV, Markdown, HTML and terminal agree. */
export const fmt = {
  mib: (bytes: number | null) => (bytes === null ? "–" : `${Math.round(bytes / MIB)} MiB`),
  rate: (perSec: number | null | undefined) =>
    perSec === null || perSec === undefined ? "–" : `${Math.round(perSec).toLocaleString("en-US")}/s`,
  ms: (ms: number | null) => (ms === null ? "–" : ms < 10 ? ms.toFixed(2) : ms.toFixed(1)),
  usd: (usd: number | null) =>
    usd === null ? "–" : usd < 0.01 && usd > 0 ? `$${usd.toFixed(5)}` : `$${usd.toFixed(2)}`,
  pct: (fraction: number | null) => (fraction === null ? "–" : `${(fraction * 100).toFixed(0)}%`),
  signedPct: (pct: number | null) => (pct === null ? "–" : `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%`),
  size: (c: { cpus: number; memoryBytes: number; smol: boolean }) =>
    `${c.cpus} vCPU / ${Math.round(c.memoryBytes / MIB)} MiB${c.smol ? " --smol" : ""}`,
  cv: (spread: { cv: number } | null) => (spread === null ? "–" : `${(spread.cv * 100).toFixed(1)}%`),
  /** How far to trust a cell's ceiling: disagreeing cells are never recommended, noisy ones are marked. */
  agreement: (c: { disagrees?: boolean; noisy: boolean }) =>
    c.disagrees ? "disagrees: not recommended" : c.noisy ? "noisy" : "",
  reps: (c: { okRepetitions: number; repetitions: number }) => `${c.okRepetitions}/${c.repetitions} ok`,
  shortSize: (c: { cpus: number; memoryBytes: number; smol: boolean }) =>
    `${c.cpus}c/${Math.round(c.memoryBytes / MIB)}Mi${c.smol ? "/smol" : ""}`,
};
