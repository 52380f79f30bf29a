import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import type { Cell } from "../../../runner/plan/cell.ts";
import type { Plan } from "../../../runner/plan/plan.ts";

/** A plan over the given cells (repo Dockerfile build). */
export function testPlan(cells: Cell[]): Plan {
  return {
    matrixPath: "matrix.yaml",
    profile: null,
    image: { kind: "image", ref: "bun-capacity/bench:test" },
    cells,
    cloudRun: CloudRunSettings.parse({}),
    estimatedSeconds: cells.length * 2,
    cellEstimatedSeconds: Object.fromEntries(cells.map((c) => [c.id, 2])),
    host: { cores: 2, memoryBytes: 8 * 2 ** 30 },
    notes: [],
  };
}
