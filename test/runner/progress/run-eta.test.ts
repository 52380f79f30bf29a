import { describe, expect, test } from "bun:test";
import { RunEta } from "../../../runner/progress/run-eta.ts";
import { testCell } from "../execute/cell-fixture.ts";

// Two kinds (ingest, e2e) × two cells × 2 repetitions, interleaved as the run orders them; the plan says 10 s a
// repetition (20 s a cell) and 5 s around the cells, but ingest repetitions take 15 s and e2e ones 5 s.
const cells = [
  testCell({ id: "ingest-a", scenario: "ingest", repetitions: 2 }),
  testCell({ id: "ingest-b", scenario: "ingest", repetitions: 2 }),
  testCell({ id: "e2e-a", scenario: "e2e", repetitions: 2 }),
  testCell({ id: "e2e-b", scenario: "e2e", repetitions: 2 }),
];
const plan = {
  cells,
  cellSeconds: Object.fromEntries(cells.map((c) => [c.id, 20])),
  beforeCellsSeconds: 5,
  afterCellsSeconds: 5,
};
const actual = (id: string) => (id.startsWith("ingest") ? 15 : 5);
const order = [...cells, ...cells];

describe("the run's ETA follows the pace of each repetition", () => {
  test("before any repetition it is the plan's estimate, the probes around the cells included", () => {
    const eta = new RunEta(plan);
    expect(eta.remainingSeconds()).toBe(5 + 4 * 20 + 5);
    eta.cellsStarted();
    expect(eta.remainingSeconds()).toBe(4 * 20 + 5);
  });

  test("it moves after the first repetition, long before any cell finishes", () => {
    const eta = new RunEta(plan);
    eta.cellsStarted();
    eta.repetitionFinished(cells[0] as never, 15);
    // ingest runs at 1.5x: ingest-a's last (15), ingest-b's two (30); e2e unmeasured, at the run's 1.5x too (60).
    expect(eta.remainingSeconds()).toBeCloseTo(15 + 30 + 60 + 5, 6);
    eta.repetitionFinished(cells[1] as never, 15);
    eta.repetitionFinished(cells[2] as never, 5);
    // e2e now at its own 0.5x: e2e-a's last 5, e2e-b's two 10; ingest's two last repetitions 30.
    expect(eta.remainingSeconds()).toBeCloseTo(30 + 5 + 10 + 5, 6);
  });

  test("every estimate after the first repetition is within 20% of the time still to run", () => {
    const eta = new RunEta(plan);
    eta.cellsStarted();
    let left = order.reduce((sum, c) => sum + actual(c.id), 0) + 5;
    for (const [index, cell] of order.entries()) {
      eta.repetitionFinished(cell, actual(cell.id));
      left -= actual(cell.id);
      if (index >= cells.length) eta.cellFinished(cell.id);
      const error = Math.abs(eta.remainingSeconds() - left) / left;
      if (index >= 2) expect(error).toBeLessThanOrEqual(0.2);
    }
    expect(eta.remainingSeconds()).toBe(5);
  });

  test("a repetition that took longer than its kind's pulls its own cell's estimate, not the others'", () => {
    const eta = new RunEta(plan);
    eta.cellsStarted();
    eta.repetitionFinished(cells[0] as never, 10);
    eta.repetitionFinished(cells[1] as never, 30); // a re-run or a drift check made it long
    const pace = (id: string) => eta.paceOf(cells.find((c) => c.id === id) as never);
    expect(pace("ingest-b")).toBeGreaterThan(pace("ingest-a"));
    expect(pace("e2e-a")).toBeCloseTo(2, 6); // no e2e measured: the run's pace
  });

  test("a cell past its planned repetitions counts one more until it finishes; a finished one none", () => {
    const one = [testCell({ id: "x", scenario: "x", repetitions: 1, maxRepetitions: 3 })];
    const eta = new RunEta({ cells: one, cellSeconds: { x: 10 } });
    eta.cellsStarted();
    eta.repetitionFinished(one[0] as never, 10);
    expect(eta.remainingSeconds()).toBe(10); // the ceilings disagree: an extra repetition runs
    eta.cellFinished("x");
    expect(eta.remainingSeconds()).toBe(0);
  });

  test("cells that exceed the host are not waited for", () => {
    const skipped = [testCell({ id: "big", exceedsHost: "needs 4 CPUs" })];
    expect(new RunEta({ cells: skipped, cellSeconds: { big: 0 } }).remainingSeconds()).toBe(0);
  });
});
