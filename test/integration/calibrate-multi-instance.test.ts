import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { exportReports } from "../../runner/report/export-reports.ts";
import { CloudRunCalibration } from "../../runner/results/cloud-run-calibration.ts";
import {
  BURN_SERVICE,
  burnMatrix,
  localCeilings,
  runCalibrate,
  type StandIn,
  startStandIn,
} from "./revision-stand-in.ts";
import { runMatrix } from "./run-matrix.ts";
import { useTempDir } from "./use-temp-dir.ts";

// A CPU-bound cell (so a calibration would apply) whose stand-in revision scales out to a second instance 4 s in.
const CELL = "burn__cpu1__mem256Mi__smol0__conc10";
const MATRIX = burnMatrix(0.5, [10]);

let dir = "";
useTempDir("it-calibrate-multi-", (path) => {
  dir = path;
});
let standIn: StandIn | null = null;
afterAll(async () => {
  await standIn?.stop();
});

test(
  "a second instance joining mid-search marks the calibration multi-instance, and the next report does not apply it",
  async () => {
    const local = await localCeilings(() => runMatrix(dir, MATRIX), [CELL]);
    standIn = await startStandIn({
      image: local.images[CELL] ?? "",
      service: BURN_SERVICE,
      concurrency: 10,
      secondAfterS: 4,
      dir,
    });
    const result = await runCalibrate(
      [
        "--url",
        standIn.url,
        "--insecure",
        "--yes",
        "--cpu",
        "1",
        "--memory",
        "256Mi",
        "--concurrency",
        "10",
        "--execution-environment",
        "gen1",
        "--repetitions",
        "1",
        "--instance-header",
        "x-instance-id",
        "--max-requests",
        "200000",
        "--max-seconds",
        "90",
        join(dir, "matrix.yaml"),
      ],
      {
        resultsDir: dir,
        probeHost: async () => {
          throw new Error("not taken in this test");
        },
      },
    );
    await standIn.stop();
    expect(result.code).toBe(0);
    const file = join(dir, ".calibration", "cloud-run-burn-1-256Mi-10-gen1.json");
    const calibration = CloudRunCalibration.parse(await Bun.file(file).json());
    expect(calibration.instances.distinctIds).toBe(2);
    expect(calibration.problems.map((p) => p.kind)).toContain("multi-instance");
    expect(result.out).toContain("status: never applied: multi-instance");

    const { report, terminal } = await exportReports(local.runDir, { print: false });
    const cell = report.scenarios[0]?.cells[0];
    expect(cell?.calibration?.applied).toBe(false);
    expect(cell?.localPlanningCeilingPerSec).toBeUndefined();
    expect(terminal).toContain("not applied");
    expect(report.assumptions.join("\n")).toContain("cloud-run-burn-1-256Mi-10-gen1.json");
    expect(report.assumptions.join("\n")).toContain("never applied: multi-instance");
  },
  { timeout: 900_000 },
);
