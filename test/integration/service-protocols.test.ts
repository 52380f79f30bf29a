import { expect, test } from "bun:test";
import { join } from "node:path";
import { REPO_ROOT } from "./integration-image.ts";
import { measured, runServerMatrix } from "./server-mode-run.ts";

const WORKLOADS = join(REPO_ROOT, "service/workloads");

// The bundled service in its container with PUBSUB_PROTOCOL=grpc; our generator in its network namespace publishes over gRPC
// (pinned by the flag, so a service that did not serve gRPC would fail the step) through a full ceiling search.
test(
  "gRPC ingest through the runner: the service in its container answers the publishes, a ceiling is found",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${REPO_ROOT} }, port: 8080, readyPath: /healthz, command: [service/main.ts], env: { PUBSUB_PROTOCOL: grpc } }`,
      // A loose SLO: at 0.25 vCPU the CFS quota pauses a busy container ~75 ms of every 100 ms period.
      "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 250, timeoutSeconds: 60 }",
      // 0.25 vCPU: grpc-js costs the generator about three times the service's CPU per publish, so at 0.5 or 1 vCPU
      // on a 2-core host the generator, not the service, is the limit (exceeds-host, measured: 0.95 cores busy).
      "axes: { cpus: [0.25], memory: [256Mi], smol: [false], concurrency: [10] }",
      `scenarios: { grpc-ingest: { script: ${WORKLOADS}/ingest.ts, flags: { protocol: grpc, batch: 10, payload: small } } }`,
      "cloudRun: { targetPerSec: 100, billing: request }",
    ]);
    const [record] = records;
    expect(record ? measured(record) : null).toMatchObject({ status: "ok" });
    expect(record?.summary.ceilingPerSec?.median ?? 0).toBeGreaterThan(0);
    const steps = record?.repetitions[0]?.result?.steps ?? [];
    const passing = steps.filter((step) => step.sloMet);
    expect(passing.length).toBeGreaterThan(0);
    // Below the ceiling every publish was answered OK: no errors, drops or losses, a rate actually achieved.
    for (const step of passing) {
      expect({ errors: step.errors, dropped: step.dropped, lost: step.lost }).toEqual({
        errors: 0,
        dropped: 0,
        lost: 0,
      });
      expect(step.achievedPerSec).toBeGreaterThan(0);
    }
  },
  { timeout: 300_000, retry: 1 },
);
