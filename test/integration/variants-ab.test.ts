import { expect, test } from "bun:test";
import { join } from "node:path";
import { exportReports } from "../../runner/report/export-reports.ts";
import { readCellRecords } from "../../runner/results/run-store.ts";
import { SizingReport } from "../../runner/sizing/sizing-report.ts";
import { integrationImage } from "./integration-image.ts";
import { runMatrix } from "./run-matrix.ts";
import { useTempDir } from "./use-temp-dir.ts";

// Two builds of one workload: the calibration scenario with operations of 1 ms (A) and 4 ms (B) of CPU. At 1 vCPU
// A carries ~1,000/s and B ~250/s: a 4x difference the A/B report must call beyond the noise. A loose SLO (200 ms) keeps
// the CPU-bound ceiling the answer on a busy host. A 4x gap needs no 5% resolution: 6 steps a search (of 14) suffice,
// and half-second steps (their rate window holds 75 of B's operations).
const COMMAND = (opUs: number) =>
  `["scenarios/{scenario}.ts", "--mode=ceiling", "--warmup-s={warmupSeconds}", "--step-s={stepSeconds}", "--slo-p99-ms={sloP99Ms}", "--op-us=${opUs}", "--max-steps=6"]`;

let dir = "";
useTempDir("it-variants-", (path) => {
  dir = path;
});

test(
  "a two-variant matrix on real containers: the A/B table in report.md and sizing.json, a 4x change beyond the noise",
  async () => {
    const image = await integrationImage();
    const { runDir } = await runMatrix(
      dir,
      [
        `image: ${image.ref}`,
        "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 2, maxRepetitions: 2, timeoutSeconds: 60 }",
        "scenarios: { calibration: { sloP99Ms: 200 } }",
        "axes: { cpus: [1], memory: [256Mi], smol: [false] }",
        "cloudRun: { targetPerSec: 1000 }",
        "variants:",
        `  fast: { command: ${COMMAND(1000)} }`,
        `  slow: { command: ${COMMAND(4000)}, env: { VARIANT_MARK: slow } }`,
      ],
      {
        checkPlan: (plan) =>
          expect(plan.cells.map((c) => c.id)).toEqual([
            "calibration__cpu1__mem256Mi__smol0__v-fast",
            "calibration__cpu1__mem256Mi__smol0__v-slow",
          ]),
      },
    );

    // Each cell records its variant, and its containers report the Bun they ran.
    const cells = [...(await readCellRecords(join(runDir, "cells"))).values()];
    for (const cell of cells) console.error(`[variants] ${cell.cell.id}: ${cell.status} ${cell.message}`);
    for (const cell of cells) {
      expect(cell.cell.variant?.name).toBe(cell.cell.id.endsWith("__v-fast") ? "fast" : "slow");
      expect(cell.repetitions[0]?.result?.environment.runtimeVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(cell.repetitions[0]?.result?.parameters).toMatchObject({
        opUs: cell.cell.variant?.name === "fast" ? 1000 : 4000,
      });
    }

    await exportReports(runDir, { print: false });
    const sizing = SizingReport.parse(await Bun.file(join(runDir, "sizing.json")).json());
    const row = sizing.variantComparison?.pairs[0]?.rows[0];
    const fast = row?.a?.ceilingPerSec?.median ?? 0;
    const slow = row?.b?.ceilingPerSec?.median ?? 0;
    console.error(
      `[variants] fast ${fast.toFixed(0)}/s, slow ${slow.toFixed(0)}/s, B/A ${row?.ceilingRatio?.toFixed(3)}, ${row?.verdict} (${row?.reason})`,
    );
    expect(sizing.variantComparison?.baseline).toBe("fast");
    expect(row?.ceilingRatio ?? 1).toBeGreaterThan(0.12);
    expect(row?.ceilingRatio ?? 1).toBeLessThan(0.45);
    expect(row?.verdict).toBe("beyond-noise");
    const md = await Bun.file(join(runDir, "report.md")).text();
    expect(md).toContain("## Variants A/B");
    expect(md).toMatch(
      /\| calibration \| 1 vCPU \/ 256 MiB \| [\d,]+\/s \(.*2 reps\) \| [\d,]+\/s \(.*2 reps\) \| 0\.\d\d× \| yes: ranges apart/,
    );
  },
  // Runs queue behind any other measuring run on this host (the host lock); one retry on a noisy host.
  { timeout: 900_000, retry: 1 },
);

// A published Bun other than the installed one: its base image is built offline from the npm package.
const OTHER_BUN = Bun.version === "1.4.4" ? "1.4.3" : "1.4.4";

test(
  `two Bun versions as variants: the ${OTHER_BUN} cells run on a base imported from npm and report that Bun`,
  async () => {
    const { record, runDir } = await runMatrix(
      dir,
      [
        // Which Bun ran is the point, not the ceiling: the shortest search (4 steps) and no warm-up.
        "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, maxRepetitions: 1, timeoutSeconds: 60 }",
        "scenarios: { calibration: { sloP99Ms: 250, flags: { op-us: 1000, max-steps: 4 } } }",
        "axes: { cpus: [1], memory: [256Mi], smol: [false] }",
        "variants:",
        "  installed: {}",
        `  other: { bunVersion: ${OTHER_BUN} }`,
      ],
      { file: "bun-versions.yaml" },
    );
    const other = record.plan.variants?.find((v) => v.name === "other");
    expect(other?.built?.baseRef).toBe(`bun-capacity/bun-base:${OTHER_BUN}`);
    const cells = [...(await readCellRecords(join(runDir, "cells"))).values()];
    const ran = Object.fromEntries(
      cells.map((c) => [c.cell.variant?.name, c.repetitions[0]?.result?.environment.runtimeVersion]),
    );
    expect(ran).toEqual({ installed: Bun.version, other: OTHER_BUN });
    await exportReports(runDir, { print: false });
    const sizing = SizingReport.parse(await Bun.file(join(runDir, "sizing.json")).json());
    expect(sizing.variantComparison?.variants).toEqual([
      { name: "installed", bunVersion: Bun.version },
      { name: "other", bunVersion: OTHER_BUN },
    ]);
    // One repetition each: the table is there, the verdict honestly not judged.
    expect(sizing.variantComparison?.pairs[0]?.rows[0]?.verdict).toBe("not-judged");
    expect(await Bun.file(join(runDir, "report.md")).text()).toContain(`→ other (Bun ${OTHER_BUN})`);
  },
  // Includes waiting for the host lock.
  { timeout: 900_000 },
);
