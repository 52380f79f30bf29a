import { z } from "zod";
import { FixedTimelines } from "./fixed-timeline.ts";

/**
 * The line a fixed-shape k6 script (connection storm, backlog and drain) prints from handleSummary: its figures
 * with units in their names, how many operations failed, and the epoch-ms window the runner reads Docker stats in.
 */
export const FixedSummary = z.object({
  bcFixedSummary: z.literal(1),
  workload: z.string().min(1),
  figures: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), z.number().finite()),
  failures: z.number().int().nonnegative(),
  /** Connections the workload asked for (a storm), so a descriptor limit below it can be named; else null. */
  connectionsRequested: z.number().int().nonnegative().nullable(),
  /** Epoch ms: when the load began, and the hold (all connections open) a storm's memory is read in. */
  window: z.object({
    startMs: z.number().nonnegative(),
    holdStartMs: z.number().nonnegative().nullable(),
    holdEndMs: z.number().nonnegative().nullable(),
  }),
  /** Bounded series over the run (queue-drain: backlogMessages); absent when the script keeps none. */
  timelines: FixedTimelines.optional(),
});
export type FixedSummary = z.infer<typeof FixedSummary>;
