import { describe, expect, test } from "bun:test";
import { Cell } from "../../../runner/plan/cell.ts";
import { cellId } from "../../../runner/plan/cell-id.ts";
import { IMAGE_TO_BUILD, Plan } from "../../../runner/plan/plan.ts";
import { GI, GRID, ids, MI, plan } from "./plan-run-fixture.ts";

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
});
