import { describe, expect, test } from "bun:test";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";
import { bindImage } from "../../../runner/plan/bind-image.ts";
import { Cell } from "../../../runner/plan/cell.ts";
import { cellId } from "../../../runner/plan/cell-id.ts";
import { estimateCellSeconds } from "../../../runner/plan/estimate-cell-seconds.ts";
import type { HostFacts } from "../../../runner/plan/host-facts.ts";
import { IMAGE_TO_BUILD, Plan } from "../../../runner/plan/plan.ts";
import type { PlanOptions } from "../../../runner/plan/plan-options.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

const MI = 2 ** 20;
const GI = 2 ** 30;
const HOST: HostFacts = { cores: 2, memoryBytes: 24 * GI };

function plan(yaml: string, options: PlanOptions = {}, host = HOST) {
  return planRun(parseMatrix(yaml, "/tmp/m/matrix.yaml"), options, host);
}
const ids = (yaml: string, options: PlanOptions = {}) => plan(yaml, options).cells.map((cell) => cell.id);

const GRID = `
axes: { cpus: [0.5, 1], memory: [256Mi, 1Gi], smol: [false, true] }
scenarios:
  throughput: {}
`;

describe("planRun", () => {
  test("the product of the axes, in axis order, with stable filesystem-safe ids", () => {
    const first = ids(GRID);
    expect(first).toEqual([
      "throughput__cpu0.5__mem256Mi__smol0",
      "throughput__cpu0.5__mem256Mi__smol1",
      "throughput__cpu0.5__mem1Gi__smol0",
      "throughput__cpu0.5__mem1Gi__smol1",
      "throughput__cpu1__mem256Mi__smol0",
      "throughput__cpu1__mem256Mi__smol1",
      "throughput__cpu1__mem1Gi__smol0",
      "throughput__cpu1__mem1Gi__smol1",
    ]);
    expect(ids(GRID)).toEqual(first);
    for (const id of first) expect(id).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  test("every cell satisfies the Cell schema and the plan the Plan schema", () => {
    const result = plan(GRID);
    for (const cell of result.cells) expect(Cell.safeParse(cell).success).toBe(true);
    expect(Plan.safeParse(result).success).toBe(true);
  });

  test("a cell carries settings, command, smol env and the image placeholder", () => {
    const result = plan(`axes: { cpus: [1], memory: [512Mi], smol: [true] }
scenarios:
  firehose: { sloP99Ms: 40, warmupSeconds: 2, flags: { payload: 1kb, batch: 10 }, env: { A: b } }
`);
    expect(result.cells).toHaveLength(1);
    expect(result.cells[0]).toMatchObject({
      id: "firehose__cpu1__mem512Mi__smol1",
      scenario: "firehose",
      flags: { payload: "1kb", batch: 10 },
      cpus: 1,
      memoryBytes: 512 * MI,
      smol: true,
      sloP99Ms: 40,
      warmupSeconds: 2,
      image: IMAGE_TO_BUILD,
      env: { A: "b", BUN_OPTIONS: "--smol" },
      network: false,
      exceedsHost: null,
      command: [
        "scenarios/firehose.ts",
        "--mode=ceiling",
        "--warmup-s=2",
        "--duration-s=10",
        "--step-s=1",
        "--slo-p99-ms=40",
        "--payload=1kb",
        "--batch=10",
      ],
    });
  });

  test("a flag list is an axis and shows in the ids", () => {
    const result = ids(`axes: { cpus: [1], memory: [512Mi], smol: [false] }
scenarios:
  firehose: { flags: { payload: [1kb, 1MB], topics: 1 } }
`);
    expect(result).toEqual([
      "firehose__cpu1__mem512Mi__smol0__payload-1kb",
      "firehose__cpu1__mem512Mi__smol0__payload-1MB",
    ]);
  });

  test("ids replace unsafe characters and stay short", () => {
    const key = { scenario: "s", cpus: 1, memoryBytes: 1.5 * GI, smol: false, flags: { mix: "90% 1KB/10%" } };
    expect(cellId(key, ["mix"])).toBe("s__cpu1__mem1536Mi__smol0__mix-90--1KB-10-");
    const long = cellId({ ...key, flags: { mix: "x".repeat(300) } }, ["mix"]);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toBe(cellId({ ...key, flags: { mix: "x".repeat(300) } }, ["mix"]));
    expect(long).not.toBe(cellId({ ...key, flags: { mix: "x".repeat(301) } }, ["mix"]));
  });

  test("exclude removes matching cells; include adds cells, expanding unset fields over the axes", () => {
    const yaml = `${GRID}  fanout: {}
exclude:
  - { memory: 1Gi, smol: true }
  - { scenario: fanout, cpus: 0.5 }
include:
  - { scenario: fanout, cpus: 2, memory: 512Mi }
  - { scenario: throughput, cpus: 0.5, memory: 1Gi, smol: true }
`;
    const result = ids(yaml);
    expect(result).not.toContain("throughput__cpu1__mem1Gi__smol1");
    expect(result.filter((id) => id.startsWith("fanout__cpu0.5"))).toEqual([]);
    expect(result).toContain("fanout__cpu2__mem512Mi__smol0");
    expect(result).toContain("fanout__cpu2__mem512Mi__smol1");
    expect(result).toContain("throughput__cpu0.5__mem1Gi__smol1");
    expect(result).toHaveLength(8 - 2 + (8 - 4 - 1) + 2 + 1);
  });

  test("an include rule's flags are added and appear in the ids", () => {
    const result = ids(`axes: { cpus: [1], memory: [512Mi], smol: [false] }
scenarios:
  firehose: { flags: { payload: 1kb } }
include:
  - { scenario: firehose, flags: { payload: 1mb } }
`);
    expect(result).toEqual([
      "firehose__cpu1__mem512Mi__smol0__payload-1kb",
      "firehose__cpu1__mem512Mi__smol0__payload-1mb",
    ]);
  });

  test("include re-adds a cell an exclude rule removed (GitHub Actions order)", () => {
    const yaml = `${GRID}exclude: [{ cpus: 1 }]\ninclude: [{ cpus: 1, memory: 1Gi, smol: true }]\n`;
    expect(ids(yaml).filter((id) => id.includes("cpu1__"))).toEqual(["throughput__cpu1__mem1Gi__smol1"]);
  });

  test("an include that repeats an existing cell adds nothing", () => {
    expect(ids(`${GRID}include: [{ cpus: 1, memory: 256Mi, smol: false }]\n`)).toHaveLength(8);
  });

  test("an exclude rule that matches nothing is noted", () => {
    expect(plan(`${GRID}exclude: [{ cpus: 4 }]\n`).notes).toEqual(["exclude[0] matched no cell"]);
  });

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
    // 3 repetitions x (warm-up 2 + 7 steps x 0.5 s + 3 s overhead) = 25.5 s per cell, 8 cells.
    const result = plan(GRID.replace("throughput: {}", "throughput: { warmupSeconds: 2, stepSeconds: 0.5 }"));
    expect(result.cellEstimatedSeconds.throughput__cpu1__mem1Gi__smol1).toBe(25.5);
    expect(result.estimatedSeconds).toBe(8 * 25.5);
    const fixed = {
      repetitions: 2,
      warmupSeconds: 1,
      durationSeconds: 30,
      stepSeconds: 1,
      timeoutSeconds: 120,
    };
    expect(estimateCellSeconds({ ...fixed, stepSearch: false })).toBe(2 * 34);
    expect(estimateCellSeconds({ ...fixed, timeoutSeconds: 10, stepSearch: false })).toBe(2 * 13);
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
