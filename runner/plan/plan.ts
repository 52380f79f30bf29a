import { z } from "zod";
import { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { ResolvedMemorySearch } from "../config/memory-search-settings.ts";
import { Cell } from "./cell.ts";
import { PlanVariant } from "./cell-variant.ts";
import { PlanImage } from "./plan-image.ts";

export { PlanImage };

import os from "node:os";

/** What the machine running the containers offers; injected into planning so tests are deterministic. */
export const HostFacts = z
  .object({ cores: z.number().positive(), memoryBytes: z.number().int().positive() })
  .strict();
export type HostFacts = z.infer<typeof HostFacts>;

/** This machine as Node sees it; the Docker engine's own view (docker info NCPU/MemTotal) is better when at hand. */
export function localHostFacts(): HostFacts {
  return { cores: os.availableParallelism(), memoryBytes: os.totalmem() };
}

/** CLI choices that shape a plan; null or absent: keep what the matrix says. RunArgs satisfies this. */
export type PlanOptions = {
  profile?: string | null;
  cpus?: number[] | null;
  memoryBytes?: number[] | null;
  smol?: boolean[] | null;
  scenarios?: string[] | null;
  /** Only these of the matrix's A/B variants. */
  variants?: string[] | null;
  repetitions?: number | null;
  /** Run cells that exceed the host instead of marking them. */
  force?: boolean;
  /** Overrides the matrix's execution.driver. */
  driver?: "local" | "swarm" | null;
};

/** Day-plan knobs added after runs were stored: absent in older run.json files, so they keep their defaults. */
const ADDED_LATER = new Set(["idleMinutes", "maxColdStartExposure"]);

const requiredShape = Object.fromEntries(
  Object.entries(CloudRunSettings.shape).map(([key, field]) => [
    key,
    field instanceof z.ZodDefault && !ADDED_LATER.has(key) ? field.unwrap() : field,
  ]),
);

/**
 * cloudRun as stored in a plan: CloudRunSettings with every defaulted field required. Defaults are filled once,
 * when the matrix loads; a stored run.json missing a field is damaged, never quietly re-defaulted.
 */
export const StoredCloudRunSettings = z.strictObject(requiredShape) as unknown as z.ZodType<CloudRunSettings>;

/** Cell.image of a plan whose image is still to be built; bindImage() swaps in the built reference. */
export const IMAGE_TO_BUILD = "<image built by the runner>";

/** Everything a run will do, decided before any container starts. */
export const Plan = z
  .object({
    matrixPath: z.string(),
    profile: z.string().nullable(),
    image: PlanImage,
    cells: z.array(Cell).describe("in run order; cells with exceedsHost set are not run"),
    cloudRun: StoredCloudRunSettings.describe(
      "the matrix's cloudRun section, parsed once when the matrix loads",
    ),
    estimatedSeconds: z
      .number()
      .nonnegative()
      .describe("all cells that will run; see estimate-cell-seconds.ts"),
    cellEstimatedSeconds: z.record(z.string(), z.number().nonnegative()).describe("by cell id"),
    host: HostFacts,
    notes: z.array(z.string()).describe("things a human should know before running"),
    // Optional: absent without matrix.yaml `variants`.
    variants: z.array(PlanVariant).optional().describe("builds of the workload; cells run once per variant"),
    execution: z
      .object({ driver: z.enum(["local", "swarm"]), shareHosts: z.boolean() })
      .strict()
      .optional()
      .describe("absent in runs stored before drivers: local"),
    memorySearch: ResolvedMemorySearch.nullable()
      .optional()
      .describe("axes.memory: search / memorySearch: the sizes below each cell's memory soaked after it"),
  })
  .strict();
export type Plan = z.infer<typeof Plan>;

/** The plan with the built image's reference in every cell that waited for it. */
export function bindImage(plan: Plan, imageRef: string): Plan {
  const cells = plan.cells.map((cell) =>
    cell.image === IMAGE_TO_BUILD ? { ...cell, image: imageRef } : cell,
  );
  return { ...plan, cells };
}
