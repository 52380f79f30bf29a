import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import type { HostFacts, PlanOptions } from "../../../runner/plan/plan.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

export const MI = 2 ** 20;
export const GI = 2 ** 30;
/** The host these plans are made for: 2 cores, 24 GiB. */
export const HOST: HostFacts = { cores: 2, memoryBytes: 24 * GI };

/** planRun over matrix text (parsed as /tmp/m/matrix.yaml); `ids` lists its cell ids. */
export function plan(yaml: string, options: PlanOptions = {}, host = HOST) {
  return planRun(parseMatrix(yaml, "/tmp/m/matrix.yaml"), options, host);
}
export const ids = (yaml: string, options: PlanOptions = {}) =>
  plan(yaml, options).cells.map((cell) => cell.id);

/** 2 CPUs × 2 memories × smol: 8 cells of one scenario. */
export const GRID = `
axes: { cpus: [0.5, 1], memory: [256Mi, 1Gi], smol: [false, true] }
scenarios:
  throughput: {}
`;
