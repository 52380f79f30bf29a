import { expect, test } from "bun:test";
import { join } from "node:path";
import { exportReports } from "../../runner/report/export-reports.ts";
import { SizingReport } from "../../runner/sizing/sizing-report.ts";
import { integrationImage } from "./integration-image.ts";
import { runMatrix } from "./run-matrix.ts";
import { useTempDir } from "./use-temp-dir.ts";

// Each operation burns OP_US of CPU on one thread, so a container's ceiling is min(cpus, 1) × 1e6 / OP_US: at 1 CPU
// the quota binds, at 2 the thread does. Operations of 1 ms keep the harness's own cost per operation (~25 µs) near
// 2%. (At 0.5 CPU the runtime's background threads take a further 5-10% of the quota: measured, not a known answer.)
// Steps of 1 s span 10 CFS periods, so where a step starts within a period moves its achieved rate by about 1%.
const OP_US = 1000;
const CPU_LIMITS = [1, 2];
const TOLERANCE = 0.1;

let dir = "";
useTempDir("it-known-ceiling-", (path) => {
  dir = path;
});

test(
  "the runner finds a known ceiling within 10% at two CPU limits, from matrix.yaml to sizing.json",
  async () => {
    const image = await integrationImage();
    const { runDir } = await runMatrix(dir, [
      `image: ${image.ref}`,
      'command: ["scenarios/{scenario}.ts", "--mode=ceiling", "--warmup-s={warmupSeconds}", "--step-s={stepSeconds}", "--slo-p99-ms={sloP99Ms}", "{flags}"]',
      // One repetition a cell: the known answer is the point here, not the spread (they land within 5% of it)
      "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, maxRepetitions: 1, timeoutSeconds: 120 }",
      `scenarios: { calibration: { sloP99Ms: 250, flags: { op-us: ${OP_US} } } }`,
      `axes: { cpus: [${CPU_LIMITS.join(", ")}], memory: [256Mi], smol: [false] }`,
      "cloudRun: { targetPerSec: 1000 }",
    ]);
    await exportReports(runDir);
    const sizing = SizingReport.parse(await Bun.file(join(runDir, "sizing.json")).json());
    const cells = sizing.scenarios.flatMap((scenario) => scenario.cells);
    expect(cells.map((cell) => cell.cpus).sort()).toEqual(CPU_LIMITS);
    for (const cell of cells) {
      const expected = (Math.min(cell.cpus, 1) * 1e6) / OP_US;
      const measured = cell.ceilingPerSec?.median ?? 0;
      const withinTolerance = Math.abs(measured - expected) / expected <= TOLERANCE;
      expect({ cpus: cell.cpus, measured, withinTolerance }).toEqual({
        cpus: cell.cpus,
        measured,
        withinTolerance: true,
      });
    }
  },
  // One retry: a single run can be pushed out of tolerance by other load on a shared 2-core host.
  { timeout: 400_000, retry: 1 },
);
