import { parseArgs } from "node:util";
import { compareMarkdown, compareRuns } from "../report/compare-runs.ts";
import { ReportInputError } from "../report/report-input-error.ts";
import { resolveRunDir } from "../report/resolve-run-dir.ts";
import { sizeRunDir } from "../report/size-run-dir.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-paths.ts";

export const COMPARE_USAGE = `Usage: bun runner/matrix.ts compare <run-a> <run-b> [--results results]

Per-cell change from run A to run B in ceiling, p99 at the ceiling and peak memory, in %.`;

/** `compare <run-a> <run-b>`: prints per-cell changes. Exit 0, or 2 on bad input. */
export async function compareCommand(
  argv: string[],
  resultsDir = DEFAULT_RESULTS_DIR,
  out: (text: string) => void = console.log,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv[0] === "compare" ? argv.slice(1) : argv,
      allowPositionals: true,
      options: { results: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      out(COMPARE_USAGE);
      return 0;
    }
    if (positionals.length !== 2) throw new ReportInputError("give exactly two run ids", COMPARE_USAGE);
    const dir = values.results ?? resultsDir;
    const [a, b] = await Promise.all(
      positionals.map(async (id) => (await sizeRunDir(await resolveRunDir(id, dir))).report),
    );
    if (!a || !b) throw new ReportInputError("could not read both runs", COMPARE_USAGE);
    out(compareMarkdown(a, b, compareRuns(a, b)));
    return 0;
  } catch (error) {
    if (error instanceof ReportInputError) {
      console.error(`compare: ${error.message}\n${error.nextStep}`);
      return 2;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`compare: ${error.message}\n\n${COMPARE_USAGE}`);
      return 2;
    }
    throw error;
  }
}
