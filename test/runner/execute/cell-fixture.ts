import type { Cell } from "../../../runner/plan/cell.ts";
import { smolEnv } from "../../../runner/plan/plan-run.ts";

/** A small valid cell; override what a test is about (a smol cell gets BUN_OPTIONS as a planned one does). */
export function testCell(overrides: Partial<Cell> = {}): Cell {
  const cell: Cell = {
    id: "calibration__cpu0.5__mem256Mi__smol0",
    scenario: "calibration",
    flags: {},
    cpus: 0.5,
    memoryBytes: 256 * 2 ** 20,
    smol: false,
    sloP99Ms: 250,
    warmupSeconds: 1,
    durationSeconds: 1,
    repetitions: 1,
    timeoutSeconds: 5,
    image: "bun-capacity/bench:test",
    command: ["scenarios/calibration.ts", "--mode=ceiling"],
    env: {},
    network: false,
    exceedsHost: null,
    ...overrides,
  };
  return { ...cell, env: smolEnv(cell.env, cell.smol) };
}
