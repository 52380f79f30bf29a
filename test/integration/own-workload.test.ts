import { expect, test } from "bun:test";
import { runMatrixCli } from "./run-matrix-cli.ts";
import { useTempDir } from "./use-temp-dir.ts";

let outDir = "";
useTempDir("it-own-workload-", (path) => {
  outDir = path;
});

test(
  "a user's own plug-in in the user's own image (examples/own-workload) is built and sized by the runner",
  async () => {
    const run = await runMatrixCli(["examples/own-workload/matrix.yaml", "--profile", "smoke"], outDir);
    expect({ exitCode: run.exitCode, stderr: run.exitCode === 0 ? "" : run.stderr }).toEqual({
      exitCode: 0,
      stderr: "",
    });
    expect(run.stderr).toMatch(
      /building bun-capacity\/user-image:|bun-capacity\/user-image:\w+ is up to date/,
    );
    expect(run.cells.map((record) => record.cell.id)).toEqual(["order-book__cpu1__mem256Mi__smol0"]);
    const [record] = run.cells;
    expect(record?.status).toBe("ok");
    const result = record?.repetitions[0]?.result;
    expect(result?.scenario).toBe("order-book");
    expect(result?.parameters.levels).toBe(50);
    expect(result?.steps.some((step) => step.phase === "confirm" && step.sloMet)).toBe(true);
    expect(record?.summary.ceilingPerSec?.median ?? 0).toBeGreaterThan(0);
  },
  // One retry: on a shared host a stall can fail every short step of the one repetition.
  { timeout: 240_000, retry: 1 },
);
