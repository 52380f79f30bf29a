import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// Fixture (a): each request burns WORK_US of CPU on one thread. The ceiling must sit within 15% below what the
// generator drives in closed loop against the same container, and stay flat from 1 to 2 vCPU (one thread).
const WORK_US = 1000;
const BELOW_CLOSED_LOOP = 0.15;
const FLAT = 0.15;

test(
  "server mode: a known CPU cost per request, at 0.5, 1 and 2 vCPU",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "${WORK_US}" } }`,
      "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
      "axes: { cpus: [0.5, 1, 2], memory: [256Mi], smol: [false], concurrency: [10] }",
      "scenarios: { burn: { request: { path: /burn } } }",
      "cloudRun: { targetPerSec: 1000, billing: request }",
    ]);
    const cells = records.map(measured);
    for (const cell of cells) {
      const closed = cell.closedLoopMaxPerSec ?? 0;
      const ceiling = cell.ceilingPerSec ?? 0;
      const ok =
        cell.status === "ok" && ceiling <= closed * 1.02 && ceiling >= closed * (1 - BELOW_CLOSED_LOOP);
      expect({ ...cell, withinClosedLoop: ok }).toEqual({ ...cell, withinClosedLoop: true });
    }
    const at = (cpus: number) =>
      records.find((r) => r.cell.cpus === cpus)?.summary.ceilingPerSec?.median ?? 0;
    const flat = Math.abs(at(2) / at(1) - 1) <= FLAT;
    expect({ one: at(1), two: at(2), flat }).toEqual({ one: at(1), two: at(2), flat: true });
  },
  { timeout: 900_000, retry: 1 },
);
