import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseK6Summary } from "../../../../runner/load/k6/parse-k6-summary.ts";
import type { RunningService } from "../../../../service/start-service.ts";
import { K6_MISSING, k6Binary } from "../../../service/helpers/k6-binary.ts";
import { startTestService } from "../../../service/helpers/test-service.ts";
import { openStep, runStepScript } from "./run-step-script.ts";

const k6 = k6Binary();
if (k6 === null) console.warn(`[skip] ${K6_MISSING}`);
const ROOT = join(import.meta.dir, "../../../..");
const SCRIPT = "ingest-step.js";
const K6_TIMEOUT_MS = 60_000;

/** Generous timeouts: a loaded shared host must not turn slow answers into errors (no timing is asserted). */
const runStep = (dir: string, service: RunningService, flags: Record<string, string | number>) =>
  runStepScript(dir, SCRIPT, openStep(service.url, flags, { drainMs: 5000, timeoutMs: 5000 }));

const published = async (service: RunningService) =>
  ((await (await fetch(`${service.url}/admin/stats`)).json()) as { engine: { published: number } }).engine
    .published;

// One service per protocol, each on ephemeral ports of 127.0.0.1; the script follows what /healthz advertises.
describe.skipIf(k6 === null)("ingest-step.js over the protocol the service advertises", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "bc-protocol-step-"));
    cpSync(join(ROOT, "runner/load/k6/script"), dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const protocol of ["http1", "h2", "grpc"] as const)
    test(
      `${protocol}, bulk of 10: every planned publish answered, its messages published`,
      async () => {
        const service = startTestService({
          PUBSUB_PROTOCOL: protocol,
          PUBSUB_H2_PORT: "0",
          PUBSUB_GRPC_PORT: "0",
        });
        try {
          expect((await service.publish).protocol).toBe(protocol);
          const before = await published(service);
          const run = await runStep(dir, service, { protocol: "auto", batch: 10, payload: "small" });
          expect({ exit: run.exit, stderr: run.stderr }).toEqual({ exit: 0, stderr: "" });
          const summary = parseK6Summary(run.stdout, run.stderr);
          expect(summary).toMatchObject({ started: 100, completed: 100, errors: 0 });
          expect(summary.latency.count).toBe(100);
          expect(summary.completedInWindow).toBeGreaterThan(0);
          expect((await published(service)) - before).toBe(1000);
        } finally {
          await service.stop();
        }
      },
      K6_TIMEOUT_MS,
    );

  test(
    "a non-OK gRPC status counts as an error (each request over the service's 1 KB message limit)",
    async () => {
      const service = startTestService({
        PUBSUB_PROTOCOL: "grpc",
        PUBSUB_GRPC_PORT: "0",
        PUBSUB_MAX_BODY_BYTES: "1024",
      });
      try {
        await service.publish;
        const run = await runStep(dir, service, { protocol: "auto", batch: 10, payload: "small" });
        const summary = parseK6Summary(run.stdout, run.stderr);
        expect(summary).toMatchObject({ started: 100, completed: 100, errors: 100 });
        expect(await published(service)).toBe(0);
      } finally {
        await service.stop();
      }
    },
    K6_TIMEOUT_MS,
  );
});
