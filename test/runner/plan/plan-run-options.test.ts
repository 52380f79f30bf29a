import { describe, expect, test } from "bun:test";
import { MatrixError } from "../../../runner/config/matrix-error.ts";
import { estimateCellSeconds } from "../../../runner/plan/estimate-cell-seconds.ts";
import { bindImage } from "../../../runner/plan/plan.ts";
import { GRID, ids, MI, plan } from "./plan-run-fixture.ts";

describe("planRun", () => {
  test("profiles: the default one applies, another is picked with profile", () => {
    const yaml = `${GRID}  fanout: {}
defaultProfile: quick
profiles:
  quick: { axes: { cpus: [1], memory: [512Mi], smol: [false] }, scenarios: { throughput: {} } }
  full: {}
`;
    expect(ids(yaml)).toEqual(["throughput__cpu1__mem512Mi__smol0"]);
    expect(plan(yaml).profile).toBe("quick");
    expect(ids(yaml, { profile: "full" })).toHaveLength(16);
    expect(() => plan(yaml, { profile: "quik" })).toThrow(
      '--profile "quik" is not a profile of this file; profiles: quick, full',
    );
  });

  test("CLI overrides replace axes, repetitions and scenarios, and narrow include-added cells", () => {
    const yaml = `${GRID}  fanout: {}
include: [{ scenario: fanout, cpus: 2 }]
`;
    const result = plan(yaml, {
      cpus: [1],
      memoryBytes: [512 * MI],
      smol: [true],
      repetitions: 5,
      scenarios: ["fanout"],
    });
    expect(result.cells.map((cell) => cell.id)).toEqual(["fanout__cpu1__mem512Mi__smol1"]);
    expect(result.cells[0]?.repetitions).toBe(5);
    expect(result.cells[0]?.maxRepetitions).toBe(6); // the cap stays; the run never goes below repetitions
    expect(() => plan(yaml, { scenarios: ["soak"] })).toThrow(
      '--scenario "soak" is not a scenario of this file',
    );
  });

  test("--scenario can pick a scenario the profile does not run", () => {
    const yaml = `${GRID}  fanout: {}
defaultProfile: p
profiles: { p: { scenarios: { throughput: {} } } }
`;
    expect(ids(yaml, { scenarios: ["fanout"] })[0]).toStartWith("fanout__");
  });

  test("cells the host cannot honour are marked unless forced", () => {
    const yaml = `axes: { cpus: [1, 4], memory: [1Gi, 64Gi], smol: [false] }
scenarios: { throughput: {} }
`;
    const marked = plan(yaml);
    expect(marked.cells.map((cell) => cell.exceedsHost)).toEqual([
      null,
      "needs 64Gi memory, host has 24Gi",
      "needs 4 CPUs, host has 2 CPUs",
      "needs 4 CPUs and 64Gi memory, host has 2 CPUs and 24Gi",
    ]);
    expect(marked.cellEstimatedSeconds.throughput__cpu4__mem1Gi__smol0).toBe(0);
    expect(plan(yaml, { force: true }).cells.every((cell) => cell.exceedsHost === null)).toBe(true);
  });

  test("the estimate follows the documented formula", () => {
    // 3 repetitions x (warm-up 2 + 7 steps x 0.5 s + 3 s overhead) = 25.5 s per cell plus a short host probe's
    // share (1.9 s a minute), 8 cells, and a full host probe (4.5 s) before and after them.
    const result = plan(GRID.replace("throughput: {}", "throughput: { warmupSeconds: 2, stepSeconds: 0.5 }"));
    const cell = 25.5 * (1 + 1.9 / 60);
    expect(result.cellEstimatedSeconds.throughput__cpu1__mem1Gi__smol1).toBeCloseTo(cell, 6);
    expect(result.estimatedSeconds).toBeCloseTo(8 * cell + 2 * 4.5, 6);
    const fixed = {
      repetitions: 2,
      warmupSeconds: 1,
      durationSeconds: 30,
      stepSeconds: 1,
      timeoutSeconds: 120,
    };
    const unprobed = { ...fixed, hostProbe: false };
    expect(estimateCellSeconds({ ...unprobed, stepSearch: false })).toBe(2 * 34);
    expect(estimateCellSeconds({ ...unprobed, timeoutSeconds: 10, stepSearch: false })).toBe(2 * 13);
  });

  test("server mode: the pod, the warm-up and 8.5 steps, each its seconds plus 0.25 s in the generator's session", () => {
    const server = {
      repetitions: 1,
      warmupSeconds: 1,
      durationSeconds: 30,
      stepSeconds: 1,
      timeoutSeconds: 120,
      stepSearch: true,
      server: true,
      hostProbe: false,
    };
    // 1.5 s pod + (1 + 0.25) warm-up + 8.5 x (1 + 0.25): 13.375 s (a container per step made it 17.875 s).
    expect(estimateCellSeconds(server)).toBeCloseTo(1.5 + 1.25 + 8.5 * 1.25, 6);
    // A fixed run: one generator container of its own.
    expect(estimateCellSeconds({ ...server, stepSearch: false })).toBeCloseTo(1.5 + 30 + 0.75, 6);
  });

  test("a scenario expected to outlast its timeout is noted", () => {
    expect(plan("scenarios: { soak: { timeoutSeconds: 5 } }\n").notes[0]).toContain(
      "soak: a run is expected to take ~11 s",
    );
  });

  test("a prebuilt image goes straight into the cells; a built one is bound later", () => {
    const prebuilt = plan(
      'image: app:2\ncommand: ["run.ts", "{scenario}", "{flags}"]\nscenarios: { a: { flags: { n: 1 } } }\n',
    );
    expect(prebuilt.image).toEqual({ kind: "image", ref: "app:2" });
    expect(prebuilt.cells[0]?.image).toBe("app:2");
    expect(prebuilt.cells[0]?.command).toEqual(["run.ts", "a", "--n=1"]);
    const built = bindImage(plan(GRID), "bun-capacity-bench:abc");
    expect(built.cells.every((cell) => cell.image === "bun-capacity-bench:abc")).toBe(true);
  });

  test("two different cells with the same id are an error", () => {
    const yaml = `axes: { cpus: [1], memory: [512Mi], smol: [false] }
scenarios: { firehose: { flags: { mix: ["a b", "a/b"] } } }
`;
    expect(() => plan(yaml)).toThrow(MatrixError);
    expect(() => plan(yaml)).toThrow(
      'two different cells get the id "firehose__cpu1__mem512Mi__smol0__mix-a-b"',
    );
  });
});
