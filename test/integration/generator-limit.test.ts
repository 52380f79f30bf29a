import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

const matrix = (workUs: number) => [
  `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "${workUs}" } }`,
  "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 150 }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [80] }",
  "scenarios: { burn: { request: { path: /burn } } }",
  "cloudRun: { targetPerSec: 1000, billing: request }",
];

test(
  "a trivial handler at 1 vCPU outruns the generator on this host: exceeds-host, naming the generator and the service's share",
  async () => {
    const [record] = await runServerMatrix(matrix(0));
    const cell = record ? measured(record) : null;
    expect(cell).toMatchObject({ status: "exceeds-host" });
    expect(cell?.message).toMatch(/generator|host/);
    expect(cell?.message).toMatch(/the service used \d+\.\d\d cores, \d+% of its 1 vCPU quota/);
  },
  { timeout: 300_000 },
);

test(
  "a 1 ms CPU cost per request at 1 vCPU is the service's limit: ok, near 1,000/s",
  async () => {
    const [record] = await runServerMatrix(matrix(1000));
    const cell = record ? measured(record) : null;
    expect(cell).toMatchObject({ status: "ok" });
    expect(cell?.ceilingPerSec ?? 0).toBeGreaterThan(850);
    expect(cell?.ceilingPerSec ?? 0).toBeLessThan(1050);
  },
  { timeout: 300_000 },
);
