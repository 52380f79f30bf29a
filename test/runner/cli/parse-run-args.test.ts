import { describe, expect, test } from "bun:test";
import { FlagError } from "../../../runner/cli/flags.ts";
import { parseRunArgs } from "../../../runner/cli/parse-run-args.ts";
import { RunArgs } from "../../../runner/cli/run-args.ts";

const MI = 2 ** 20;

function flagError(argv: string[]): FlagError {
  try {
    parseRunArgs(argv);
  } catch (error) {
    if (error instanceof FlagError) return error;
    throw error;
  }
  throw new Error("expected a FlagError");
}

describe("parseRunArgs", () => {
  test("--order interleaved|sequential; anything else is refused; a resumed run keeps its own", () => {
    expect(parseRunArgs(["--order", "sequential"]).order).toBe("sequential");
    expect(parseRunArgs(["--order=interleaved"]).order).toBe("interleaved");
    expect(flagError(["--order", "random"]).message).toContain("expected interleaved or sequential");
    expect(flagError(["--resume", "r1", "--order", "sequential"]).message).toContain(
      "--order cannot change a resumed run",
    );
  });

  test("defaults", () => {
    const args = parseRunArgs([]);
    expect(args).toEqual({
      command: "run",
      matrixPath: "matrix.yaml",
      profile: null,
      cpus: null,
      memoryBytes: null,
      smol: null,
      scenarios: null,
      variants: null,
      repetitions: null,
      outDir: "results",
      resumeRunId: null,
      order: null,
      driver: null,
      dryRun: false,
      force: false,
      hostLock: true,
      help: false,
    });
    expect(RunArgs.safeParse(args).success).toBe(true);
    expect(parseRunArgs(["run"])).toEqual(args);
  });

  test("--resume takes only flags that do not shape the plan: the stored plan would silently win", () => {
    const resumed = parseRunArgs(["--resume", "r1", "--out", "/tmp/o", "--dry-run", "--no-host-lock"]);
    expect(resumed).toMatchObject({ resumeRunId: "r1", outDir: "/tmp/o", dryRun: true, hostLock: false });
    for (const extra of [
      ["--cpus", "2"],
      ["--profile", "quick"],
      ["--reps", "3"],
      ["--driver", "swarm"],
      ["--force"],
    ]) {
      const error = flagError(["--resume", "r1", ...extra]);
      expect(error.message).toContain(`${extra[0]} cannot change a resumed run`);
      expect(error.flag).toBe((extra[0] as string).slice(2));
    }
    expect(flagError(["other.yaml", "--resume", "r1"]).message).toContain(
      '"other.yaml" cannot change a resumed run',
    );
  });

  test("every flag, in both spellings", () => {
    const args = parseRunArgs([
      "run",
      "my/matrix.yaml",
      "--profile",
      "quick",
      "--cpus=0.5,1",
      "--memory",
      "256Mi, 1g",
      "--smol=both",
      "--scenario",
      "throughput,fanout",
      "--reps",
      "4",
      "--out=/tmp/out",
      "--dry-run",
      "--force",
    ]);
    expect(args).toMatchObject({
      matrixPath: "my/matrix.yaml",
      profile: "quick",
      cpus: [0.5, 1],
      memoryBytes: [256 * MI, 1024 * MI],
      smol: [false, true],
      scenarios: ["throughput", "fanout"],
      repetitions: 4,
      outDir: "/tmp/out",
      dryRun: true,
      force: true,
      hostLock: true,
    });
    expect(parseRunArgs(["--smol", "false"]).smol).toEqual([false]);
    expect(parseRunArgs(["-h"]).help).toBe(true);
    expect(parseRunArgs(["--", "-odd.yaml"]).matrixPath).toBe("-odd.yaml");
  });

  test.each([
    [
      ["--reps2", "3"],
      ["unknown flag --reps2 (did you mean --reps?)", "--profile, --cpus"],
    ],
    [["-x"], ["unknown flag -x"]],
    [
      ["--cpus", "0.5,abc"],
      ['--cpus "0.5,abc" (item "abc")', "expected a plain decimal number of CPUs"],
    ],
    [
      ["--cpus", "0"],
      ['--cpus "0"', "from 0.01 to 1024"],
    ],
    [["--cpus", "-1"], ['--cpus "-1": expected a plain decimal number of CPUs from 0.01']],
    [["--cpus", "0x10"], ['--cpus "0x10": expected a plain decimal']],
    [["--cpus", "1e300"], ['--cpus "1e300": expected a plain decimal']],
    [["--cpus", "--force"], ["--cpus needs a value, e.g. --cpus 0.5,1"]],
    [["--cpus=-1"], ['--cpus "-1"', "from 0.01"]],
    [
      ["--memory", "4Mi"],
      ['--memory "4Mi"', "below Docker's minimum memory limit of 6Mi"],
    ],
    [
      ["--memory", "lots"],
      ['--memory "lots"', "256Mi"],
    ],
    [["--memory", "1Gi,1024Mi"], ["repeats an earlier value"]],
    [
      ["--smol", "yes"],
      ['--smol "yes"', "expected true, false, both"],
    ],
    [
      ["--reps", "0"],
      ['--reps "0"', "whole number of repetitions from 1 to 100"],
    ],
    [
      ["--reps", "1.5"],
      ['--reps "1.5"', "whole number"],
    ],
    [
      ["--scenario", "a b"],
      ['--scenario "a b"', "scenario name may only use"],
    ],
    [
      ["--resume", "../x"],
      ['--resume "../x"', "run id"],
    ],
    [["--profile"], ["--profile needs a value, e.g. --profile quick"]],
    [["--force=yes"], ['--force takes no value (got "yes")']],
    [["--cpus", "1", "--cpus", "2"], ["--cpus is given twice"]],
    [["a.yaml", "b.yaml"], ['unexpected argument "b.yaml"']],
  ])("%p is refused in one paragraph", (argv, parts) => {
    const error = flagError(argv);
    expect(error.message).not.toContain("\n");
    expect(error.message).toEndWith("Run `bun runner/matrix.ts run --help` for the flags.");
    for (const part of parts) expect(error.message).toContain(part);
  });
});
