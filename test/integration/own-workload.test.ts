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
    // The plug-in ran and was measured either way; on a host whose speed swings, the smoke profile's half-second
    // probes can read every repetition `drifted` (two in a row: the profile re-runs one), which is the host's doing.
    expect(["ok", "drifted"]).toContain(record?.status ?? "");
    const measured =
      record?.repetitions.find((repetition) => repetition.status === "ok") ?? record?.repetitions[0];
    const result = measured?.result;
    expect(result?.scenario).toBe("order-book");
    expect(result?.parameters.levels).toBe(50);
    expect(result?.steps.some((step) => step.phase !== "probe" && step.latency.count > 0)).toBe(true);
    if (record?.status === "ok") {
      expect(result?.steps.some((step) => step.phase === "confirm" && step.sloMet)).toBe(true);
      expect(record.summary.ceilingPerSec?.median ?? 0).toBeGreaterThan(0);
    } else expect(record?.message).toContain("drifted");
  },
  // One retry: on a shared host a stall can fail every short step of the one repetition.
  { timeout: 240_000, retry: 1 },
);
