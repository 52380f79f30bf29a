import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { k6Binary } from "../../../service/helpers/k6-binary.ts";

const STEP_DIR = join(import.meta.dir, "../../../../scenarios/service/step");

/** A ceiling-search step of `ratePerSec` for `durationMs`, as the runner hands it to a step script. */
export function openStep(
  baseUrl: string,
  flags: Record<string, string | number>,
  fields: Record<string, unknown> = {},
) {
  const ratePerSec = 100;
  const durationMs = 1000;
  return {
    kind: "open",
    ratePerSec,
    concurrency: 10,
    durationMs,
    rateFromMs: 100,
    rateToMs: durationMs,
    drainMs: 1000,
    timeoutMs: 1000,
    plannedRequests: (ratePerSec * durationMs) / 1000,
    baseUrl,
    requests: [],
    flags,
    ...fields,
  };
}

/**
 * Runs a scenarios/service/step script under k6 as the generator image does: step-lib.js from `libDir` (a copy of
 * runner/load/k6/script) beside it, the step in BC_STEP.
 */
export async function runStepScript(libDir: string, script: string, step: object) {
  const source = readFileSync(join(STEP_DIR, script), "utf8");
  const path = join(libDir, script);
  writeFileSync(path, source.replaceAll("/bun-capacity/step-lib.js", join(libDir, "step-lib.js")));
  const proc = Bun.spawn([k6Binary() as string, "run", "--quiet", "--no-usage-report", path], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, K6_NO_USAGE_REPORT: "true", BC_STEP: JSON.stringify(step) },
  });
  const [stdout, stderr] = [await new Response(proc.stdout).text(), await new Response(proc.stderr).text()];
  return { exit: await proc.exited, stdout, stderr };
}
