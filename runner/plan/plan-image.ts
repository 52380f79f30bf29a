import { z } from "zod";

/** Where a plan's image comes from: a build (context absolute) or a prebuilt reference. */
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
