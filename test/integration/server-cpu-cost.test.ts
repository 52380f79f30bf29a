import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// Fixture (a): each request burns WORK_US of CPU on one thread. The ceiling must sit within 15% below what the
// generator drives in closed loop against the same container, and stay flat from 1 to 2 vCPU (one thread). The SLO
// is loose (250 ms) because at 0.5 vCPU a busy container is paused ~50 ms of every 100 ms CFS period: with a 100 ms
// SLO that stall, not the CPU cost, would set the 0.5 vCPU ceiling (as for the in-container calibration scenario).
const WORK_US = 1000;
const BELOW_CLOSED_LOOP = 0.15;
const FLAT = 0.15;
// Above the closed-loop figure by at most the search's 5% resolution: both are measurements of one capacity.
const ABOVE_CLOSED_LOOP = 0.05;

test(
  "server mode: a known CPU cost per request, at 0.5, 1 and 2 vCPU",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "${WORK_US}" } }`,
      "defaults: { warmupSeconds: 0, stepSeconds: 1, repetitions: 1, sloP99Ms: 250, timeoutSeconds: 180 }",
      // 2 vCPU pinned needs a third core (one for the generator): on a 2-core host it runs in the shared view.
      "axes: { cpus: [0.5, 1], memory: [256Mi], smol: [false], concurrency: [10] }",
      "include: [{ cpus: 2, cpuView: shared }]",
      "scenarios: { burn: { request: { path: /burn } } }",
      "cloudRun: { targetPerSec: 1000, billing: request }",
    ]);
    // Every cell's figures in one assertion, so a failure shows all of them.
    const cells = records.map((record) => {
      const cell = measured(record);
      const closed = cell.closedLoopMaxPerSec ?? 0;
      const ceiling = cell.ceilingPerSec ?? 0;
      const ok =
        cell.status === "ok" &&
        ceiling <= closed * (1 + ABOVE_CLOSED_LOOP) &&
        ceiling >= closed * (1 - BELOW_CLOSED_LOOP);
      return { ...cell, withinClosedLoop: ok };
    });
    expect(cells).toEqual(cells.map((cell) => ({ ...cell, withinClosedLoop: true })));
    const at = (cpus: number) =>
      records.find((r) => r.cell.cpus === cpus)?.summary.ceilingPerSec?.median ?? 0;
    const flat = Math.abs(at(2) / at(1) - 1) <= FLAT;
    expect({ one: at(1), two: at(2), flat }).toEqual({ one: at(1), two: at(2), flat: true });
    // The known answer at 1 vCPU: 1 ms a request is ~1,000/s, less what the service's HTTP, GC and I/O threads take
    // of its core (845/s seen); above 1,000 when this VM's core speeds up after the cost was calibrated (1,075 seen).
    expect(at(1)).toBeGreaterThan(800);
    expect(at(1)).toBeLessThan(1100);
  },
  { timeout: 900_000, retry: 1 },
);
