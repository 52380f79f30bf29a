import { z } from "zod";
import { type CommandIo, defineCommand } from "../cli/command.ts";
import { runShell, type ShellIo } from "../cli/command-shell.ts";
import { EXIT } from "../cli/exit-codes.ts";
import { booleanFlag, PathText, resultsDirOf, resultsFlag, valueFlag } from "../cli/flags.ts";
import { readTrafficCsv } from "../config/traffic-profile.ts";
import { calibrationDirOf, writeReports } from "../report/export-reports.ts";
import { readRunDir, resolveRunDir, sizeStoredRun } from "../report/size-run-dir.ts";
import { readCalibrations } from "../results/cloud-run-calibration.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";

const USAGE = `Usage: bun runner/matrix.ts report [RUN_ID|latest] [--results DIR] [--traffic FILE.csv] [--no-calibration]

Re-renders sizing.json, sizing.csv, report.md and report.html of a stored run from its run.json and cells/*.json
(with the run's own cloudRun settings, and the Cloud Run calibrations in <results>/.calibration/ unless
--no-calibration) and prints the terminal tables. A damaged or missing run.json or cell
record stops it with exit 2, naming the file; nothing is rewritten then. --traffic adds a day plan for that
traffic (a time,perSec CSV, e.g. examples/traffic/weekday.csv) without re-measuring.`;

const trafficFlag = valueFlag(PathText, {
  help: "a day's traffic as a time,perSec CSV: adds the day plan (instance-hours, cold starts, monthly bill)",
  value: "FILE.csv",
  example: "--traffic examples/traffic/weekday.csv",
});

/** Builds the command; `resultsDir` is where run ids are looked up when --results is not given. */
export function makeReportCommand(resultsDir = DEFAULT_RESULTS_DIR) {
  return defineCommand({
    name: "report",
    usage: USAGE,
    flags: z.strictObject({
      results: resultsFlag,
      traffic: trafficFlag,
      "no-calibration": booleanFlag("plan on this host's figures only, ignoring the Cloud Run calibrations"),
    }),
    positionals: { min: 0, max: 1, names: "one run id (or latest)" },
    /** load (validated) -> size (in memory) -> export (files, tables). */
    run: async ({ flags, positionals }) => {
      const runDir = await resolveRunDir(positionals[0], resultsDirOf(flags.results, resultsDir));
      // The CSV first: a bad traffic file stops before anything is read or rewritten.
      const traffic = flags.traffic === undefined ? undefined : await readTrafficCsv(flags.traffic);
      const contents = await readRunDir(runDir);
      const calibrations = flags["no-calibration"] ? [] : await readCalibrations(calibrationDirOf(runDir));
      const report = sizeStoredRun(contents, undefined, undefined, traffic, calibrations);
      await writeReports(runDir, report, contents.records);
      return EXIT.ok;
    },
  });
}

export const reportCommand = makeReportCommand();

/** `report` alone, for tests: argv without the command name is fine. */
export function runReport(argv: string[], resultsDir?: string, io: ShellIo & Partial<CommandIo> = {}) {
  return runShell([makeReportCommand(resultsDir)], argv, io);
}
