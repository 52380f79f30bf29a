import { z } from "zod";
import { Cell } from "./cell.ts";
import { HostFacts } from "./host-facts.ts";
import { StoredCloudRunSettings } from "./stored-cloud-run-settings.ts";

/** Cell.image of a plan whose image is still to be built; bindImage() swaps in the built reference. */
export const IMAGE_TO_BUILD = "<image built by the runner>";

export const PlanImage = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("build"),
      context: z.string().describe("absolute build context"),
      dockerfile: z.string().describe("relative to the context"),
      args: z.record(z.string(), z.string()),
    })
    .strict(),
  z.object({ kind: z.literal("image"), ref: z.string() }).strict(),
]);
export type PlanImage = z.infer<typeof PlanImage>;

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
    execution: z
      .object({ driver: z.enum(["local", "swarm"]), shareHosts: z.boolean() })
      .strict()
      .optional()
      .describe("absent in runs stored before drivers: local"),
  })
  .strict();
export type Plan = z.infer<typeof Plan>;
