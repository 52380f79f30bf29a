import { z } from "zod";

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** The line step-lib.js prints from handleSummary. */
export const K6Summary = z.object({
  bcStepSummary: z.literal(1),
  kind: z.enum(["open", "closed"]),
  plannedRequests: count.nullable(),
  started: count,
  completed: count,
  errors: count,
  late: count,
  lastSendMs: ms,
  lastDoneMs: ms,
  latency: z.object({
    count,
    p50Ms: ms,
    p90Ms: ms,
    p95Ms: ms,
    p99Ms: ms,
    p999Ms: ms,
    maxMs: ms,
  }),
});
export type K6Summary = z.infer<typeof K6Summary>;
