import type { LoadStep } from "../../contract/result.ts";
import { formatMemorySize } from "../config/memory-size.ts";
import type { Cell } from "../plan/cell.ts";
import type { CellRecord } from "./cell-record.ts";
import { stepAtCeiling } from "./step-at-ceiling.ts";

/** The rule's bounds: a ceiling this far below the largest size's, with CPU per request up by more than the noise. */
export const MEMORY_PRESSURE_CEILING_DROP = 0.1;
export const MEMORY_PRESSURE_CPU_RISE = 0.03;

/** The service's CPU-seconds per answered request in one step (null: no CPU reading or nothing answered). */
export function cpuPerRequestOf(step: LoadStep | null | undefined): number | null {
  if (!step || step.processCpuSeconds == null) return null;
  const answered = step.achievedPerSec * (step.durationMs / 1000);
  return answered > 0 ? step.processCpuSeconds / answered : null;
}

/** Median CPU per request at the ceiling over a cell's ok repetitions. */
export function cellCpuPerRequest(record: CellRecord): number | null {
  const values = record.repetitions
    .filter((r) => r.status === "ok" && r.result)
    .map((r) => cpuPerRequestOf(r.result ? stepAtCeiling(r.result)?.step : null))
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  return values.length === 0 ? null : (values[Math.floor(values.length / 2)] ?? null);
}

/** Everything but the memory: cells that differ only in memory compare. */
export function sameButMemory(cell: Cell): string {
  const { scenario, cpus, smol, concurrency, nofile, variant, cpuView, flags } = cell;
  return JSON.stringify([
    scenario,
    cpus,
    smol,
    concurrency ?? null,
    nofile ?? null,
    variant ?? null,
    cpuView ?? null,
    flags,
  ]);
}

export interface MemoryPressure {
  referenceMemoryBytes: number;
  /** 1 - ceiling ÷ the largest size's ceiling. */
  ceilingDrop: number;
  /** CPU per request ÷ the largest size's, minus 1. */
  cpuRise: number;
  /** How much of the drop the extra CPU per request explains, 0-1: a CPU-bound service slows by 1 - 1/(1 + rise). */
  explainedShare: number;
}

/** The finding for a cell against the largest size's cell of its kind (null: not under memory pressure). */
export function memoryPressureOf(cell: CellRecord, reference: CellRecord): MemoryPressure | null {
  const [ceiling, top] = [cell.summary.ceilingPerSec?.median, reference.summary.ceilingPerSec?.median];
  const [cpu, topCpu] = [cellCpuPerRequest(cell), cellCpuPerRequest(reference)];
  if (!ceiling || !top || cpu === null || topCpu === null) return null;
  const ceilingDrop = 1 - ceiling / top;
  const cpuRise = cpu / topCpu - 1;
  if (ceilingDrop <= MEMORY_PRESSURE_CEILING_DROP || cpuRise <= MEMORY_PRESSURE_CPU_RISE) return null;
  const explainedShare = Math.min(1, (1 - 1 / (1 + cpuRise)) / ceilingDrop);
  return { referenceMemoryBytes: reference.cell.memoryBytes, ceilingDrop, cpuRise, explainedShare };
}

export function memoryPressureMessage(p: MemoryPressure): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return `memory pressure: the ceiling is ${pct(p.ceilingDrop)} below ${formatMemorySize(p.referenceMemoryBytes)}'s and CPU per request rose ${pct(p.cpuRise)} (more collection), which accounts for ${pct(p.explainedShare)} of the slowdown`;
}

/**
 * Ok cells under memory pressure, as re-stated records (status memory-pressure, the figures kept to read): each
 * against the largest memory of its kind that ended ok.
 */
export function memoryPressureRecords(records: CellRecord[]): CellRecord[] {
  const largest = new Map<string, CellRecord>();
  for (const record of records.filter((r) => r.status === "ok")) {
    const key = sameButMemory(record.cell);
    const current = largest.get(key);
    if (!current || current.cell.memoryBytes < record.cell.memoryBytes) largest.set(key, record);
  }
  return records.flatMap((record) => {
    const reference = largest.get(sameButMemory(record.cell));
    if (record.status !== "ok" || !reference || reference === record) return [];
    const pressure = memoryPressureOf(record, reference);
    if (!pressure) return [];
    return [
      {
        ...record,
        status: "memory-pressure" as const,
        message: `${memoryPressureMessage(pressure)}; ${record.message}`,
      },
    ];
  });
}
