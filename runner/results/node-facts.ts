import { z } from "zod";

/** One machine that measured (a local engine or a swarm node), as stored with each repetition. */
export const NodeFacts = z
  .object({
    id: z.string(),
    hostname: z.string(),
    physicalHostId: z.string().describe("nodes on one physical host share its cores (boot id)"),
    cpus: z.number().positive(),
    memoryBytes: z.number().nonnegative(),
    kernelVersion: z.string(),
    cgroupVersion: z.union([z.literal(1), z.literal(2)]).nullable(),
  })
  .strict();
export type NodeFacts = z.infer<typeof NodeFacts>;
