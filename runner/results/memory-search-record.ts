import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CellStatus } from "./cell-record.ts";

/** One size the memory search soaked, and how it went. */
export const MemoryProbe = z
  .object({
    memoryBytes: z.number().int().positive(),
    holds: z.boolean(),
    status: CellStatus.describe("ok when it holds; oom, memory-pressure, crash or timeout when not"),
    why: z.string().describe("one line: why it holds or fails"),
    peakMemoryBytes: z.number().nonnegative().nullable(),
    p99LatencyMs: z.number().nonnegative().nullable(),
    cpuPerRequestSeconds: z.number().nonnegative().nullable(),
    rssGrowth: z
      .number()
      .nullable()
      .describe("RSS growth from the soak's middle third to its last, as a share of the limit"),
  })
  .strict();
export type MemoryProbe = z.infer<typeof MemoryProbe>;

/** The memory search of one cell (its CPU, --smol, concurrency): the smallest size that holds, results/<run>/memory-search.json. */
export const MemorySearchResult = z
  .object({
    cellId: z.string().describe("the cell measured at the largest size"),
    scenario: z.string(),
    cpus: z.number(),
    smol: z.boolean(),
    concurrency: z.number().nullable(),
    variant: z.string().nullable(),
    largestMemoryBytes: z.number().int().positive(),
    largestCeilingPerSec: z.number().nonnegative(),
    offeredPerSec: z
      .number()
      .nonnegative()
      .describe("the largest size's ceiling x cloudRun.utilizationTarget"),
    soakSeconds: z.number().positive(),
    probes: z.array(MemoryProbe).describe("in the order soaked: the largest first, then the bisection"),
    smallestHoldingBytes: z.number().int().positive().nullable().describe("null: not even the largest held"),
    marginShare: z.number().nullable().describe("peak RSS ÷ limit at the smallest size that holds"),
    firstFailing: MemoryProbe.nullable().describe(
      "the size just below the answer that failed; null: none failed",
    ),
  })
  .strict();
export type MemorySearchResult = z.infer<typeof MemorySearchResult>;

export const MemorySearchFile = z
  .object({ schemaVersion: z.literal(1), searches: z.array(MemorySearchResult) })
  .strict();
export type MemorySearchFile = z.infer<typeof MemorySearchFile>;

export const MEMORY_SEARCH_FILE = "memory-search.json";

/** A run's memory searches; empty when it ran none (older runs, or no `axes.memory: search`). */
export async function readMemorySearches(runDir: string): Promise<MemorySearchResult[]> {
  const text = await readFile(join(runDir, MEMORY_SEARCH_FILE), "utf8").catch(() => null);
  if (text === null) return [];
  return MemorySearchFile.parse(JSON.parse(text)).searches;
}
