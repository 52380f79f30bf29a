import { z } from "zod";
import { Repetition } from "./cell-record.ts";

/** results/<run-id>/partial/<cell-id>.json: a cell's finished repetitions while interleaving, until its record. */
export const PartialCell = z
  .object({
    schemaVersion: z.literal(1),
    cellId: z.string(),
    startedAt: z.iso.datetime(),
    repetitions: z.array(Repetition),
  })
  .strict();
export type PartialCell = z.infer<typeof PartialCell>;
