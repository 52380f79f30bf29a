import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { integrationImage, OFFLINE_ENV, REPO_ROOT } from "./integration-image.ts";

// Calibration operations of 1 ms CPU: one instance at 1 vCPU carries about 1,000/s, 600/s at 60% utilisation.
const MATRIX_LINES = (image: string) => [
  `image: ${image}`,
  'command: ["scenarios/{scenario}.ts", "--mode=ceiling", "--warmup-s={warmupSeconds}", "--step-s={stepSeconds}", "--slo-p99-ms={sloP99Ms}", "{flags}"]',
  "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, timeoutSeconds: 60 }",
  "scenarios: { calibration: { sloP99Ms: 250, flags: { op-us: 1000 } } }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false] }",
];

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "it-check-"));
  await writeFile(join(dir, "matrix.yaml"), MATRIX_LINES((await integrationImage()).ref).join("\n"));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function check(target: number) {
  const argv = ["check", "--matrix", join(dir, "matrix.yaml"), "--cpus", "1", "--memory", "256Mi"];
  const extra = ["--target", String(target), "--instances", "1", "--scenario", "calibration"];
  const proc = Bun.spawn(["bun", join(REPO_ROOT, "runner/matrix.ts"), ...argv, ...extra, "--results", dir], {
    stdout: "pipe",
    stderr: "pipe",
    env: OFFLINE_ENV,
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
