import { z } from "zod";
import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { memoryGrid } from "../cloudrun/memory-grid.ts";
import { Cpus, MemoryBytes, PositiveSeconds } from "./field-schemas.ts";
import { formatMemorySize } from "./memory-size.ts";
import { strictObject } from "./strict-object.ts";

/** matrix.yaml `memorySearch:` (or `axes.memory: search`): the smallest memory that holds, searched on Cloud Run's grid. */
export const MemorySearchSettings = strictObject({
  from: MemoryBytes.optional(),
  to: MemoryBytes.optional(),
  soakSeconds: PositiveSeconds.max(600, "at most 600 seconds").optional(),
  cpus: z
    .array(Cpus, { error: "expected a list like [1] (the CPUs to search at)" })
    .min(1, "expected at least one value")
    .optional(),
});

/** What `axes.memory: search` (or `memorySearch:` without a field) searches. */
export const MEMORY_SEARCH_DEFAULTS = {
  fromBytes: CLOUD_RUN_LIMITS.minMemoryBytes,
  toBytes: 1024 * 2 ** 20,
  soakSeconds: 5,
} as const;

/** The search as planned: cells run at toBytes; the sizes below are soaked at the load found there. */
export const ResolvedMemorySearch = z
  .object({
    fromBytes: z.number().int().positive(),
    toBytes: z.number().int().positive(),
    soakSeconds: z.number().positive(),
    grid: z.array(z.number().int().positive()).describe("ascending; the last is toBytes"),
    cpus: z
      .array(z.number().positive())
      .nullable()
      .optional()
      .describe("searched only at these CPUs; null: all"),
  })
  .strict();
export type ResolvedMemorySearch = z.infer<typeof ResolvedMemorySearch>;

/** The search a body asks for (null: none), or issues naming the field and value. */
export function resolveMemorySearch(
  body: {
    axes?: { memory?: "search" | number[] };
    memorySearch?: z.output<typeof MemorySearchSettings>;
    service?: unknown;
  },
  issues: Array<{ path: PropertyKey[]; message: string; input?: unknown }>,
): ResolvedMemorySearch | null {
  const memory = body.axes?.memory;
  if (body.memorySearch === undefined && memory !== "search") return null;
  if (Array.isArray(memory)) {
    issues.push({
      path: ["axes", "memory"],
      message:
        "memorySearch picks the memory sizes: set axes.memory: search (or drop axes.memory), not a list",
      input: memory,
    });
    return null;
  }
  if (!body.service) {
    issues.push({
      path: body.memorySearch ? ["memorySearch"] : ["axes", "memory"],
      message: "the memory search sizes a service: it needs `service:` (server mode)",
    });
    return null;
  }
  const fromBytes = body.memorySearch?.from ?? MEMORY_SEARCH_DEFAULTS.fromBytes;
  const toBytes = body.memorySearch?.to ?? MEMORY_SEARCH_DEFAULTS.toBytes;
  const soakSeconds = body.memorySearch?.soakSeconds ?? MEMORY_SEARCH_DEFAULTS.soakSeconds;
  const range = `${formatMemorySize(fromBytes)} to ${formatMemorySize(toBytes)}`;
  if (fromBytes < CLOUD_RUN_LIMITS.minMemoryBytes)
    issues.push({
      path: ["memorySearch", "from"],
      message: `below Cloud Run's least memory, ${formatMemorySize(CLOUD_RUN_LIMITS.minMemoryBytes)}`,
      input: formatMemorySize(fromBytes),
    });
  else if (toBytes > CLOUD_RUN_LIMITS.maxMemoryBytes)
    issues.push({
      path: ["memorySearch", "to"],
      message: `above Cloud Run's largest memory, ${formatMemorySize(CLOUD_RUN_LIMITS.maxMemoryBytes)}`,
      input: formatMemorySize(toBytes),
    });
  else if (memoryGrid(fromBytes, toBytes).length < 2)
    issues.push({
      path: ["memorySearch"],
      message: `${range} holds no Cloud Run grid size (128Mi, 256Mi, 512Mi, 1Gi ...) below ${formatMemorySize(toBytes)}: nothing to search`,
      input: range,
    });
  else {
    const cpus = body.memorySearch?.cpus ?? null;
    return { fromBytes, toBytes, soakSeconds, grid: memoryGrid(fromBytes, toBytes), cpus };
  }
  return null;
}

/** A soak's cost beyond its load: the pod's start, readiness and removal (measured ~2-3 s here). */
export const SOAK_OVERHEAD_SECONDS = 3;

/** Soaks one search runs at most: the reference at the largest size, then a bisection of the sizes below it. */
export function soaksPerSearch(search: ResolvedMemorySearch): number {
  return 1 + Math.ceil(Math.log2(search.grid.length));
}

/** Whether a cell of `cpus` is searched. */
export function searchedAt(search: ResolvedMemorySearch, cpus: number): boolean {
  return !search.cpus || search.cpus.includes(cpus);
}

/** Seconds the search adds for `groups` searched cells (a cell per CPU x --smol x concurrency x scenario). */
export function memorySearchSeconds(search: ResolvedMemorySearch, groups: number): number {
  return groups * soaksPerSearch(search) * (search.soakSeconds + SOAK_OVERHEAD_SECONDS);
}
