import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import type { HostFacts } from "../../../runner/plan/host-facts.ts";
import type { PlanOptions } from "../../../runner/plan/plan-options.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

/** A 2-core, 24 GiB host, and planRun over matrix text (parsed as /tmp/m/matrix.yaml). */
export const MI = 2 ** 20;
export const GI = 2 ** 30;
export const HOST: HostFacts = { cores: 2, memoryBytes: 24 * GI };

export function plan(yaml: string, options: PlanOptions = {}, host = HOST) {
  return planRun(parseMatrix(yaml, "/tmp/m/matrix.yaml"), options, host);
}
export const ids = (yaml: string, options: PlanOptions = {}) =>
  plan(yaml, options).cells.map((cell) => cell.id);

export const GRID = `
axes: { cpus: [0.5, 1], memory: [256Mi, 1Gi], smol: [false, true] }
scenarios:
  throughput: {}
`;
