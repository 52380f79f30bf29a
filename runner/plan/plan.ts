import { z } from "zod";
import { Cell } from "./cell.ts";
import { PlanVariant } from "./cell-variant.ts";
import { HostFacts } from "./host-facts.ts";
import { PlanImage } from "./plan-image.ts";
import { StoredCloudRunSettings } from "./stored-cloud-run-settings.ts";

/** Cell.image of a plan whose image is still to be built; bindImage() swaps in the built reference. */
export const IMAGE_TO_BUILD = "<image built by the runner>";

export { PlanImage } from "./plan-image.ts";

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
  })
  .strict();
export type Plan = z.infer<typeof Plan>;
