import { beforeAll, expect, test } from "bun:test";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RUN_ID_PATTERN } from "../../runner/results/run-store.ts";
import { fakeCellRecord } from "../runner/sizing/fixture-builder.ts";
import { integrationImage, NO_PROBE_ENV, REPO_ROOT } from "./integration-image.ts";
import { useTempDir } from "./use-temp-dir.ts";

// Calibration operations of 1 ms CPU: one instance at 1 vCPU carries about 1,000/s, 600/s at 60% utilisation. The
// targets sit far from it (300, 3000, a 10,000 baseline), so a short search decides them. 8 steps, not the shortest
// (4): that one's bracket tries only the probe's rate and 5% below it, and in one CI run neither passed; 8 try 0.86x
// and 0.59x too.
const MATRIX_LINES = (image: string) => [
  `image: ${image}`,
  'command: ["scenarios/{scenario}.ts", "--mode=ceiling", "--warmup-s={warmupSeconds}", "--step-s={stepSeconds}", "--slo-p99-ms={sloP99Ms}", "{flags}"]',
  "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, timeoutSeconds: 60 }",
  "scenarios: { calibration: { sloP99Ms: 250, flags: { op-us: 1000, max-steps: 8 } } }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false] }",
];

let dir = "";
useTempDir("it-check-", (path) => {
  dir = path;
});
beforeAll(async () => {
  await writeFile(join(dir, "matrix.yaml"), MATRIX_LINES((await integrationImage()).ref).join("\n"));
}, 120_000);

async function check(target: number, ...more: string[]) {
  const argv = ["check", "--matrix", join(dir, "matrix.yaml"), "--cpus", "1", "--memory", "256Mi"];
  const extra = ["--target", String(target), "--instances", "1", "--scenario", "calibration", ...more];
  const proc = Bun.spawn(["bun", join(REPO_ROOT, "runner/matrix.ts"), ...argv, ...extra, "--results", dir], {
    stdout: "pipe",
    stderr: "pipe",
    env: NO_PROBE_ENV,
  });
  const [exitCode, stdout] = await Promise.all([proc.exited, new Response(proc.stdout).text()]);
  return { exitCode, stdout };
}

test(
  "check on a real container: exit 0 when one instance carries the target, 1 when it cannot",
  async () => {
    const pass = await check(300);
    expect(pass.stdout).toContain("PASS");
    expect(pass.exitCode).toBe(0);
    const fail = await check(3000);
    expect(fail.stdout).toContain("FAIL");
    expect(fail.exitCode).toBe(1);
  },
  { timeout: 180_000 },
);

test(
  "check against a baseline on real containers: a regression re-runs once and fails, judged on the worse run",
  async () => {
    // A baseline ten times what 1 ms operations at 1 vCPU can reach (~1,000/s): every real run is a regression.
    const baseline = fakeCellRecord({
      scenario: "calibration",
      cpus: 1,
      memoryMiB: 256,
      ceilingPerSec: 10_000,
    });
    const baselineFile = join(dir, "baseline-cell.json");
    await writeFile(baselineFile, JSON.stringify(baseline));
    const runs = async () =>
      (await readdir(join(dir, "checks")).catch(() => [])).filter((name) => RUN_ID_PATTERN.test(name));
    const before = await runs();
    const regressed = await check(300, "--baseline", baselineFile);
    expect(regressed.exitCode).toBe(1);
    expect(regressed.stdout).toContain("FAIL");
    expect(regressed.stdout).toContain("re-ran once to confirm a drop");
    expect(regressed.stdout).toMatch(
      /baseline 10,000\/s \(baseline-cell\.json\): -\d+\.\d%, re-run -\d+\.\d%/,
    );
    expect(regressed.stdout).toContain("confirmed by a re-run");
    expect(regressed.stdout).toMatch(/judged on the (first run|re-run)/);
    // both runs happened on containers and were stored
    expect((await runs()).length - before.length).toBe(2);
  },
  { timeout: 240_000 },
);
