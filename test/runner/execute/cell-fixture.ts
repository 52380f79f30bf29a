import type { Cell } from "../../../runner/plan/cell.ts";

/** A small valid cell; override what a test is about. */
export function testCell(overrides: Partial<Cell> = {}): Cell {
  return {
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
}
