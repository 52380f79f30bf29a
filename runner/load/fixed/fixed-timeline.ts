import { z } from "zod";

/** A workload's series is bounded (queue-drain-step.js sends at most 60 points): a runaway script cannot bloat results. */
export const MAX_TIMELINE_POINTS = 500;

/** A series over a fixed-shape run: [ms since the summary's window.startMs, value] pairs, the unit in its name. */
export const FixedTimeline = z
  .array(z.tuple([z.number().finite().nonnegative(), z.number().finite()]))
  .max(MAX_TIMELINE_POINTS);
export type FixedTimeline = z.infer<typeof FixedTimeline>;

/** Series by name (e.g. backlogMessages), as a fixed-shape summary line carries them. */
export const FixedTimelines = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), FixedTimeline);
export type FixedTimelines = z.infer<typeof FixedTimelines>;
