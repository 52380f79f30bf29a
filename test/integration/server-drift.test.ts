import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// A service whose per-request CPU cost doubles after 10,000 requests: at 300 us a request (~2,300/s at 1 vCPU with
// HTTP) and 1 s steps that is a few steps into the search, so the rates that passed fail later and the end probe
// reads well below the first (measured with 20,000 and 2 s steps: 2,553 then 1,449/s, 2,553/s passing then failing
// 10 times; the repetition took 54 s; 1 s steps halve the wait, a classification needs no precision).
// The repetition must be `drifted`, the cell without a planning ceiling.
test(
  "server mode: a service whose CPU cost doubles mid-search is drifted, never planned on",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "300", COST_DOUBLES_AFTER: "10000" } }`,
      "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }",
      "scenarios: { burn: { request: { path: /burn } } }",
      "cloudRun: { targetPerSec: 1000, billing: request }",
    ]);
    const cells = records.map((record) => {
      const rep = record.repetitions[0];
      const probes = rep?.result?.steps
        .filter((s) => s.phase === "probe")
        .map((s) => Math.round(s.achievedPerSec));
      return { ...measured(record), repetition: rep?.status, probes };
    });
    console.log(JSON.stringify(cells));
    expect(cells).toHaveLength(1);
    const cell = cells[0];
    expect({
      status: cell?.status,
      repetition: cell?.repetition,
      ceilingPerSec: cell?.ceilingPerSec,
    }).toEqual({
      status: "drifted",
      repetition: "drifted",
      ceilingPerSec: null,
    });
    expect(cell?.message).toContain("no planning ceiling");
    expect(cell?.message).toContain("closed-loop probe");
  },
  { timeout: 900_000 },
);
