import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseK6Summary } from "../../../../runner/load/k6/parse-k6-summary.ts";
import type { RunningService } from "../../../../service/start-service.ts";
import { K6_MISSING, k6Binary } from "../../../service/helpers/run-k6.ts";
import { startTestService } from "../../../service/helpers/test-service.ts";
import { openStep, runStepScript } from "./run-step-script.ts";

const k6 = k6Binary();
if (k6 === null) console.warn(`[skip] ${K6_MISSING}`);
const ROOT = join(import.meta.dir, "../../../..");
const K6_TIMEOUT_MS = 60_000;

// The step scripts as the generator image runs them (step-lib beside them), against the service on 127.0.0.1.
describe.skipIf(k6 === null)("scenarios/service/step scripts on step-lib's runStep/summary API", () => {
  let service: RunningService;
  let dir: string;
  beforeAll(() => {
    service = startTestService();
    dir = mkdtempSync(join(tmpdir(), "bc-step-scripts-"));
    cpSync(join(ROOT, "runner/load/k6/script"), dir, { recursive: true });
  });
  afterAll(() => {
    service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const runStep = async (script: string, flags: Record<string, string | number>) => {
    const run = await runStepScript(dir, script, openStep(service.url, flags));
    expect({ exit: run.exit, stderr: run.stderr }).toEqual({ exit: 0, stderr: "" });
    return parseK6Summary(run.stdout, run.stderr);
  };
  const published = async () =>
    ((await (await fetch(`${service.url}/admin/stats`)).json()) as { engine: { published: number } }).engine
      .published;

  test(
    "ingest, bulk of 10: every planned publish request answered, its messages published",
    async () => {
      const before = await published();
      const summary = await runStep("ingest-step.js", { batch: 10, payload: "mixed" });
      expect(summary).toMatchObject({ started: 100, completed: 100, errors: 0 });
      expect(summary.latency.count).toBe(100);
      expect(summary.completedInWindow).toBeGreaterThan(0);
      expect(summary.completedInWindow).toBeLessThanOrEqual(100);
      expect((await published()) - before).toBe(1000);
    },
    K6_TIMEOUT_MS,
  );

  test(
    "e2e broadcast to 3 sockets over 2 pipelines: figures summed over both, every delivery counted",
    async () => {
      const summary = await runStep("e2e-step.js", { subscribers: 3, pipelines: 2 });
      expect(summary).toMatchObject({ started: 100, completed: 100, errors: 0 });
      expect(summary.latency.count).toBe(300);
      expect(summary.latency.p99Ms).toBeGreaterThan(0);
      expect(summary.completedInWindow).toBeGreaterThan(0);
      expect(summary.completedInWindow).toBeLessThanOrEqual(100);
    },
    K6_TIMEOUT_MS,
  );
});
