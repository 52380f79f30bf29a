import { z } from "zod";
import {
  type DriverRates,
  instancesFor,
  SCALING_DEFAULTS,
  ScalingDriver,
  type ScalingSetting,
} from "../cloudrun/autoscaler.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { ConcurrencyStop, ConcurrencyTrial } from "../results/concurrency-search.ts";

/** What the concurrency search answers for one cell: each concurrency's count at the target, and the one to set. */
export const ConcurrencyAnswer = z
  .object({
    trials: z.array(
      ConcurrencyTrial.extend({
        instances: z
          .number()
          .int()
          .nullable()
          .describe("Cloud Run's count at the target at this concurrency"),
        driver: ScalingDriver.nullable(),
      }),
    ),
    stoppedBecause: ConcurrencyStop,
    note: z.string(),
    recommended: z
      .number()
      .int()
      .nullable()
      .describe("the measured --concurrency to set: the lowest where CPU binds, else the highest that held"),
    cpuBinds: z.boolean().describe("at `recommended` the CPU rule, not the concurrency rule, sets the count"),
  })
  .strict();
export type ConcurrencyAnswer = z.infer<typeof ConcurrencyAnswer>;

/**
 * At each concurrency the search held, the concurrency rule's rate is target × c ÷ W (W the mean latency at that
 * ceiling, Little's law) and the CPU rule's is the cell's own (CPU per request does not change with the cap).
 * Recommends the lowest measured concurrency above the axis' where CPU binds at the target, else the highest the
 * service held (still under its CPU quota); null when no higher one held.
 */
export function concurrencyAnswer(
  record: CellRecord,
  rates: DriverRates | null,
  targetPerSec: number,
  scaling: ScalingSetting,
): ConcurrencyAnswer | null {
  const search = record.repetitions.find((r) => r.concurrencySearch)?.concurrencySearch;
  if (!search || rates === null) return null;
  const target = "manual" in scaling ? SCALING_DEFAULTS.concurrencyTarget : scaling.concurrencyTarget;
  const trials = search.trials.map((t) => {
    const held = t.ceilingPerSec !== null && t.doubt === null && (t.inFlightAtCeiling ?? 0) > 0;
    if (!held) return { ...t, instances: null, driver: null };
    const meanSeconds = (t.inFlightAtCeiling as number) / (t.ceilingPerSec as number);
    const count = instancesFor(
      targetPerSec,
      {
        ...rates,
        ceilingPerSec: t.ceilingPerSec as number,
        concurrencyPerSec: (target * t.concurrency) / meanSeconds,
      },
      scaling,
    );
    return { ...t, instances: count.instances, driver: count.driver };
  });
  const axis = search.trials[0]?.concurrency ?? 0;
  const higher = trials.filter((t) => t.concurrency > axis && t.instances !== null);
  const cpu = higher.find((t) => t.driver === "cpu");
  const pick = cpu ?? higher.at(-1);
  return {
    trials,
    stoppedBecause: search.stoppedBecause,
    note: search.note,
    recommended: pick?.concurrency ?? null,
    cpuBinds: cpu !== undefined,
  };
}
