import { parseArgs } from "node:util";
import { exportReports } from "../report/export-reports.ts";
import { ReportInputError } from "../report/report-input-error.ts";
import { resolveRunDir } from "../report/resolve-run-dir.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-paths.ts";

export const REPORT_USAGE = `Usage: bun runner/matrix.ts report [<run-id>|latest] [--results results]

Re-renders sizing.json, sizing.csv, report.md and report.html of a stored run from its cells/*.json
(with the run's cloudRun settings) and prints the terminal tables.`;

/** `report <run-id>`: re-renders every report of a stored run. Exit 0, or 2 on bad input. */
export async function reportCommand(argv: string[], resultsDir = DEFAULT_RESULTS_DIR): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv[0] === "report" ? argv.slice(1) : argv,
      allowPositionals: true,
      options: { results: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      console.log(REPORT_USAGE);
      return 0;
    }
    if (positionals.length > 1)
      throw new ReportInputError("give one run id", "e.g. `bun runner/matrix.ts report latest`");
    await exportReports(await resolveRunDir(positionals[0], values.results ?? resultsDir));
    return 0;
  } catch (error) {
    if (error instanceof ReportInputError) {
      console.error(`report: ${error.message}\n${error.nextStep}`);
      return 2;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`report: ${error.message}\n\n${REPORT_USAGE}`);
      return 2;
    }
    throw error;
  }
}
