import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Subscription, Topic } from "../../../../engine/index.ts";
import { parseK6Summary } from "../../../../runner/load/k6/parse-k6-summary.ts";
import type { RunningService } from "../../../../service/start-service.ts";
import { K6_MISSING, k6Binary } from "../../../service/helpers/k6-binary.ts";
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
    "ingest with ordering keys and subscriptions: keys cycle, each subscription keeps every message until teardown",
    async () => {
      const keys: (string | undefined)[] = [];
      const original = Topic.prototype.publishMessageSync;
      const record = spyOn(Topic.prototype, "publishMessageSync").mockImplementation(function (
        this: Topic,
        input,
      ) {
        keys.push(input.orderingKey);
        return original.call(this, input);
      });
      const backlogs: number[] = [];
      const remove = Subscription.prototype.delete;
      const drop = spyOn(Subscription.prototype, "delete").mockImplementation(function (this: Subscription) {
        backlogs.push(this.stats().backlog);
        return remove.call(this);
      });
      try {
        const summary = await runStep("ingest-step.js", { "ordering-keys": 3, subscriptions: 2 });
        expect(summary).toMatchObject({ started: 100, completed: 100, errors: 0 });
      } finally {
        record.mockRestore();
        drop.mockRestore();
      }
      expect(keys.slice(0, 4)).toEqual(["k0", "k1", "k2", "k0"]);
      expect(keys.length).toBe(100);
      expect(backlogs).toEqual([100, 100]);
    },
    K6_TIMEOUT_MS,
  );

  test(
    "e2e shared by 2 sockets: each publish delivered once",
    async () => {
      const summary = await runStep("e2e-step.js", { subscribers: 2, fanout: "shared" });
      expect(summary).toMatchObject({ started: 100, completed: 100, errors: 0 });
      expect(summary.latency.count).toBe(100);
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
