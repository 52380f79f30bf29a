import { resolve } from "node:path";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";
import { valueFlag } from "./flags/flag-registry.ts";
import { PathText } from "./flags/flag-values.ts";

/** --results DIR, shared by report, compare and check. */
export const resultsFlag = valueFlag(PathText, {
  help: "results directory (default results)",
  value: "DIR",
  example: "--results results",
});

export function resultsDirOf(flag: string | undefined, fallback = DEFAULT_RESULTS_DIR): string {
  return flag === undefined ? fallback : resolve(flag);
}
