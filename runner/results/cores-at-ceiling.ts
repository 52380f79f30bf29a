import type { LoadStep } from "../../contract/result.ts";
import type { DockerStats } from "./cell-record.ts";

/** Where a CPU-at-the-ceiling figure came from. */
export type CpuEvidence = "step" | "docker-stats";

export interface CoresAtCeiling {
  /** CPU cores the measured process kept busy (1 = one core fully used). */
  cores: number;
  source: CpuEvidence;
}

/** The Docker-stats fallback takes this percentile of the repetition's samples: near its busiest, past start-up. */
export const DOCKER_STATS_CPU_PERCENTILE = 0.9;

/** Cores busy at the ceiling: the confirming step's own process CPU, else the repetition's Docker stats CPU. */
export function coresAtCeiling(step: LoadStep | null, stats: DockerStats | null): CoresAtCeiling | null {
  // Optional in the contract: older results (and harnesses) lack it.
  const cpuSeconds = step?.processCpuSeconds ?? null;
  if (step !== null && cpuSeconds !== null && step.durationMs > 0)
    return { cores: cpuSeconds / (step.durationMs / 1000), source: "step" };
  // The first sample has no previous one to difference against, so its CPU is always 0.
  const percents = (stats?.samples ?? [])
    .slice(1)
    .map((s) => s.cpuPercent)
    .sort((a, b) => a - b);
  if (percents.length === 0) return null;
  const index = Math.min(percents.length - 1, Math.floor(percents.length * DOCKER_STATS_CPU_PERCENTILE));
  return { cores: (percents[index] as number) / 100, source: "docker-stats" };
}
