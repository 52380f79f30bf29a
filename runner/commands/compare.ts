import { basename, resolve } from "node:path";
import { z } from "zod";
import { defineCommand } from "../cli/command.ts";
import { runShell, type ShellIo } from "../cli/command-shell.ts";
import { EXIT } from "../cli/exit-codes.ts";
import { booleanFlag, FlagError, resultsDirOf, resultsFlag } from "../cli/flags.ts";
import { compareMarkdown, compareRuns } from "../report/compare-runs.ts";
import { resolveRunDir, sizeRunDir } from "../report/size-run-dir.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";

const USAGE = `Usage: bun runner/matrix.ts compare RUN_A RUN_B [--results DIR] [--same-host]

Cell by cell from run A to run B: ceilings (min–max, repetitions), B ÷ A, whether the difference is beyond
the noise, p99 at the ceiling, peak memory and status (the same view as a run's variants A/B). When the runs'
host probes differ by over 10%, A's ceilings are scaled by the probes' ratio first. Writes nothing.`;

export function makeCompareCommand(resultsDir = DEFAULT_RESULTS_DIR) {
  return defineCommand({
    name: "compare",
    usage: USAGE,
    flags: z.strictObject({
      results: resultsFlag,
      "same-host": booleanFlag(
        "refuse (exit 2) when the two runs' host probes differ by over 10%, instead of normalising A's ceilings",
      ),
    }),
    positionals: { min: 2, max: 2, names: "exactly two run ids" },
    /** load both (validated) -> size (in memory) -> print the differences. */
    run: async ({ flags, positionals }, context) => {
      const dir = resultsDirOf(flags.results, resultsDir);
      const runDirs = await Promise.all(positionals.map((id) => resolveRunDir(id, dir)));
      if (resolve(runDirs[0] as string) === resolve(runDirs[1] as string))
        throw new FlagError(
          "",
          `"${positionals[0]}" and "${positionals[1]}" are the same run (${basename(runDirs[0] as string)}); compare two different runs`,
          { command: "compare" },
        );
      const [a, b] = await Promise.all(runDirs.map(async (runDir) => (await sizeRunDir(runDir)).report));
      if (!a || !b) return EXIT.badInput;
      context.out(compareMarkdown(a, b, compareRuns(a, b, { sameHost: flags["same-host"] ?? false })));
      return EXIT.ok;
    },
  });
}

export const compareCommand = makeCompareCommand();

export function runCompare(argv: string[], resultsDir?: string, io: ShellIo = {}) {
  return runShell([makeCompareCommand(resultsDir)], argv, io);
}
