import { z } from "zod";
import type { Cell } from "../plan/cell.ts";

/** What one of a cell's rates counts, per second: "msg/s", "req/s", or a script's own (e.g. "publishes/s"). */
export const RateUnit = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,23}\/s$/, "a lower-case noun per second, e.g. req/s");
export type RateUnit = z.infer<typeof RateUnit>;

/**
 * The one place that decides a cell's rate unit, for the progress line and every report: in-container scenarios
 * count messages; server mode counts HTTP requests answered 2xx, unless the workload module declares a more telling
 * unit (`rateUnit: "publishes/s"`). A malformed declaration is ignored: requests are still what the generator paced.
 */
export function rateUnitOf(cell: Pick<Cell, "mode" | "service">): RateUnit {
  if (cell.mode !== "service") return "msg/s";
  const declared = RateUnit.safeParse(cell.service?.workload?.rateUnit);
  return declared.success ? declared.data : "req/s";
}
