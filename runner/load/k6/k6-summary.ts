import { z } from "zod";

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** The line step-lib.js prints from handleSummary. */
export const K6Summary = z
  .object({
    bcStepSummary: z.literal(1),
    kind: z.enum(["open", "closed"]),
    plannedRequests: count.nullable(),
    started: count,
    completed: count,
    /** open: completions inside the step's rate window (search/rate-window.ts); closed: null. */
    completedInWindow: count.nullable(),
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
  })
  .refine((summary) => summary.kind === "closed" || summary.completedInWindow !== null, {
    path: ["completedInWindow"],
    message:
      "an open step needs completedInWindow (the generator image's step-lib.js predates this runner: rebuild the image)",
  });
export type K6Summary = z.infer<typeof K6Summary>;
