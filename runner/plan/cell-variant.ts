import { z } from "zod";
import { PlanImage } from "./plan-image.ts";

/** Which build of the workload a cell runs (matrix.yaml `variants`). */
export const CellVariant = z
  .object({
    name: z.string(),
    bunVersion: z
      .string()
      .nullable()
      .describe(
        "the Bun the variant's base image was built from; null: the usual base (results carry the real one)",
      ),
  })
  .strict();
export type CellVariant = z.infer<typeof CellVariant>;

/** A variant as the plan stores it: what the runner builds for it. */
export const PlanVariant = z
  .object({
    name: z.string(),
    image: PlanImage.nullable().describe("its own image source; null: the plan's image"),
    bunVersion: z.string().nullable(),
    command: z.array(z.string()).nullable().describe("command template replacing the scenarios'"),
    env: z.record(z.string(), z.string()),
    built: z
      .object({
        ref: z.string(),
        id: z.string(),
        baseRef: z.string().nullable(),
        baseSource: z.string().nullable(),
      })
      .strict()
      .nullable()
      .optional()
      .describe("the image its cells ran, once the runner built or found it; null: the plan's image"),
  })
  .strict();
export type PlanVariant = z.infer<typeof PlanVariant>;
