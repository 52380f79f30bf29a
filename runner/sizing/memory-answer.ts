import { z } from "zod";
import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";
import type { MemorySearchResult } from "../results/memory-search-record.ts";

const MIB = 2 ** 20;

/** One cell's answer, with and without --smol: "smallest memory: 256 MiB (128 MiB with --smol, ceiling −8%)". */
export const MemoryAnswer = z
  .object({
    scenario: z.string(),
    cpus: z.number(),
    concurrency: z.number().nullable(),
    variant: z.string().nullable(),
    memoryBytes: z
      .number()
      .nullable()
      .describe("without --smol: the smallest size that held (null: none, or not run)"),
    smolMemoryBytes: z.number().nullable().describe("with --smol"),
    smolCeilingChange: z
      .number()
      .nullable()
      .describe("--smol's ceiling at the largest size ÷ without, minus 1 (e.g. −0.08)"),
    marginShare: z
      .number()
      .nullable()
      .describe("peak RSS ÷ limit at the smallest size that held, without --smol"),
    smolMarginShare: z.number().nullable(),
    firstFailing: z.string().nullable().describe("the size below that failed, and why, without --smol"),
    smolFirstFailing: z.string().nullable(),
    text: z.string(),
    points: z
      .array(
        z
          .object({
            memoryBytes: z.number(),
            smol: z.boolean(),
            holds: z.boolean(),
            status: z.string(),
            peakMemoryBytes: z.number().nullable(),
            ceilingPerSec: z.number().nullable().describe("measured at the largest size only"),
          })
          .strict(),
      )
      .describe("every size soaked, both --smol settings: what the chart draws"),
  })
  .strict();
export type MemoryAnswer = z.infer<typeof MemoryAnswer>;

const mib = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;
const failing = (s: MemorySearchResult | undefined) =>
  s?.firstFailing
    ? `${mib(s.firstFailing.memoryBytes)}: ${s.firstFailing.status}, ${s.firstFailing.why}`
    : null;

/** The searches paired by scenario, CPUs, concurrency and variant, --smol off beside on. */
export function memoryAnswers(searches: readonly MemorySearchResult[]): MemoryAnswer[] {
  const key = (s: MemorySearchResult) => JSON.stringify([s.scenario, s.cpus, s.concurrency, s.variant]);
  const keys = [...new Set(searches.map(key))];
  return keys.map((k) => {
    const off = searches.find((s) => key(s) === k && !s.smol);
    const on = searches.find((s) => key(s) === k && s.smol);
    const any = (off ?? on) as MemorySearchResult;
    const change =
      off && on && off.largestCeilingPerSec > 0
        ? on.largestCeilingPerSec / off.largestCeilingPerSec - 1
        : null;
    const size = (s: MemorySearchResult | undefined) =>
      !s
        ? "not searched"
        : s.smallestHoldingBytes === null
          ? `none up to ${mib(s.largestMemoryBytes)}`
          : mib(s.smallestHoldingBytes);
    const smolPart = on
      ? ` (${size(on)} with --smol${change === null ? "" : `, ceiling ${change >= 0 ? "+" : "−"}${Math.abs(Math.round(change * 100))}%`})`
      : "";
    return {
      scenario: any.scenario,
      cpus: any.cpus,
      concurrency: any.concurrency,
      variant: any.variant,
      memoryBytes: off?.smallestHoldingBytes ?? null,
      smolMemoryBytes: on?.smallestHoldingBytes ?? null,
      smolCeilingChange: change,
      marginShare: off?.marginShare ?? null,
      smolMarginShare: on?.marginShare ?? null,
      firstFailing: failing(off),
      smolFirstFailing: failing(on),
      points: [off, on].flatMap((search) =>
        (search?.probes ?? []).map((p) => ({
          memoryBytes: p.memoryBytes,
          smol: search?.smol ?? false,
          holds: p.holds,
          status: p.status,
          peakMemoryBytes: p.peakMemoryBytes,
          ceilingPerSec: p.memoryBytes === search?.largestMemoryBytes ? search.largestCeilingPerSec : null,
        })),
      ),
      text: `${any.scenario} at ${any.cpus} vCPU${any.concurrency === null ? "" : `, concurrency ${any.concurrency}`}: smallest memory: ${size(off ?? on)}${off ? smolPart : " with --smol"}`,
    };
  });
}

/** The least memory Cloud Run gives `cpus` (its range's floor; 128 MiB, the first generation's, below 1 vCPU). */
export function minMemoryAt(cpus: number): number {
  const range = CLOUD_RUN_LIMITS.memoryRangeByCpus[cpus];
  return Math.max(CLOUD_RUN_LIMITS.minMemoryBytes, range?.[0] ?? 0);
}

/**
 * The searched cells planned at the memory their search found (at least what Cloud Run allows at their CPUs), their
 * peak the one measured at that size; other records as they are. A cell whose search found none keeps its size.
 */
export function withSearchedMemory(
  records: CellRecord[],
  searches: readonly MemorySearchResult[],
): CellRecord[] {
  return records.map((record) => {
    const search = searches.find((s) => s.cellId === record.cell.id);
    const found = search?.smallestHoldingBytes ?? null;
    if (!search || found === null || found >= record.cell.memoryBytes) return record;
    const memoryBytes = Math.min(record.cell.memoryBytes, Math.max(found, minMemoryAt(record.cell.cpus)));
    const peak = search.probes.find((p) => p.memoryBytes === found)?.peakMemoryBytes ?? null;
    const repetitions = record.repetitions.map((r) => (peak === null ? r : withPeak(r, peak)));
    const note = `planned at ${mib(memoryBytes)} from the memory search (${mib(found)} held ${search.offeredPerSec.toFixed(0)}/s; measured at ${mib(record.cell.memoryBytes)})`;
    return {
      ...record,
      cell: { ...record.cell, memoryBytes },
      repetitions,
      message: `${record.message}; ${note}`,
    };
  });
}

function withPeak(repetition: Repetition, peakBytes: number): Repetition {
  const result = repetition.result
    ? {
        ...repetition.result,
        resources: { ...repetition.result.resources, cgroupMemoryPeakBytes: peakBytes },
      }
    : null;
  const stats = repetition.stats ? { ...repetition.stats, peakMemoryBytes: peakBytes } : null;
  return { ...repetition, result, stats };
}
