import { resolve } from "node:path";
import { DEFAULT_RESULTS_DIR } from "../results/run-paths.ts";
import { PathText, valueFlag } from "./flags.ts";

/** --results DIR, shared by report, compare and check. */
export const resultsFlag = valueFlag(PathText, {
  help: "results directory (default results)",
  value: "DIR",
  example: "--results results",
});

export function resultsDirOf(flag: string | undefined, fallback = DEFAULT_RESULTS_DIR): string {
  return flag === undefined ? fallback : resolve(flag);
}
