import { expect, test } from "bun:test";
import { join } from "node:path";
import { REPO_ROOT } from "./integration-image.ts";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// A workload module on Bun's fetch costs the generator several times what a trivial handler costs the service.
const FETCH_WORKLOAD = join(REPO_ROOT, "examples/workloads/post-order.ts");
// The service's own limit at the same cost (1 ms a request, 1 vCPU) is server-cpu-cost.test.ts's 1 vCPU cell.
const MATRIX = [
  `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "0" } }`,
  "defaults: { warmupSeconds: 1, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 150 }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [80] }",
  `scenarios: { burn: { script: ${FETCH_WORKLOAD} } }`,
  "cloudRun: { targetPerSec: 1000, billing: request }",
];

test(
  "a trivial handler at 1 vCPU driven through fetch outruns the generator: exceeds-host, naming it and the service's share",
  async () => {
    const [record] = await runServerMatrix(MATRIX);
    const cell = record ? measured(record) : null;
    // The generator's own noise can also read as drift: then drift is the status (runner/execute/drift-verdict.ts)
    // and the repetition still names the generator. Either way the cell is never planned on as the service's.
    expect(cell?.status).toMatch(/^(exceeds-host|drifted)$/);
    const message = record?.repetitions[0]?.message ?? "";
    expect(message).toMatch(/the (generator|host)[a-z ]*, not the service, (was|were) the limit/);
    expect(message).toMatch(/the service used \d+\.\d\d cores, \d+% of its 1 vCPU quota/);
  },
  { timeout: 300_000 },
);
