import { GIB, MIB } from "../units/units.ts";

/**
 * Cloud Run's defaults and bounds, in one table (cloud.google.com/run/docs/configuring/services/cpu, /memory-limits,
 * /concurrency): the matrix, the flags, sizing and the report take theirs from here.
 */
export const CLOUD_RUN_LIMITS = {
  /** --concurrency: the default and the allowed range. */
  defaultConcurrency: 80,
  minConcurrency: 1,
  maxConcurrency: 1000,
  /** --max-instances when not set (cloud.google.com/run/docs/configuring/max-instances): the day plan's cap. */
  defaultMaxInstances: 100,
  /** The largest instance: 8 vCPU, 32 GiB. */
  maxCpus: 8,
  maxMemoryBytes: 32 * GIB,
  /** Fractional CPUs: 0.08 up to 1 in steps of 0.001, with at most 512 MiB below 0.5 vCPU and 1 GiB below 1. */
  minCpus: 0.08,
  cpuStep: 0.001,
  halfCpuMaxMemoryBytes: 512 * MIB,
  fractionalMaxMemoryBytes: GIB,
  /** Whole CPU counts offered, with the memory range of each. */
  memoryRangeByCpus: {
    1: [128 * MIB, 4 * GIB],
    2: [128 * MIB, 8 * GIB],
    4: [2 * GIB, 16 * GIB],
    6: [4 * GIB, 24 * GIB],
    8: [4 * GIB, 32 * GIB],
  } as Record<number, [number, number]>,
  /** The first generation's minimum memory; the second generation needs 512 MiB. */
  minMemoryBytes: 128 * MIB,
  gen2MinMemoryBytes: 512 * MIB,
} as const;

/** A sanity bound: a billion a second is far past any one Cloud Run service (1,000 instances x 1,000 requests). */
export const MAX_TARGET_PER_SEC = 1e9;
