import { z } from "zod";
import { StepCauses } from "../../contract/step-causes.ts";

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** What one worker's pacer measured: counters, sums and encoded latency histograms (us), merged into the step's line. */
export const WorkerFigures = z
  .object({
    planned: count.nullable(),
    started: count,
    completed: count,
    completedInWindow: count,
    errors: count,
    late: count,
    /** Since the step's common start. */
    lastSendMs: ms,
    lastDoneMs: ms,
    latency: z.string(),
    sendLag: z.string(),
    turnaroundSumMs: ms,
    turnaroundCount: count,
    serviceSumMs: ms,
    serviceCount: count,
    causes: StepCauses,
    /** HTTP/1.1 bytes written and read during the step; null when the workload used no HTTP/1.1 client. */
    requestBytes: count.nullable().optional(),
    responseBytes: count.nullable().optional(),
    /** The watched header's distinct values (calibrate's --instance-header); [] when none is watched. */
    headerValues: z.array(z.string()),
  })
  .strict();
export type WorkerFigures = z.infer<typeof WorkerFigures>;
