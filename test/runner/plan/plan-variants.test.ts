import { describe, expect, test } from "bun:test";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { variantImageToBuild } from "../../../runner/plan/apply-workload-variants.ts";
import { Cell } from "../../../runner/plan/cell.ts";
import { IMAGE_TO_BUILD, Plan } from "../../../runner/plan/plan.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";
import { preflightRun } from "../../../runner/preflight/preflight-run.ts";

const HOST = { cores: 2, memoryBytes: 8 * 2 ** 30 };
const plan = (yaml: string) => planRun(parseMatrix(yaml, "/tmp/m/matrix.yaml"), {}, HOST);
const GRID = `axes: { cpus: [1], memory: [256Mi], smol: [false, true] }
scenarios:
  calibration: {}
`;

describe("planRun with variants", () => {
  test("a matrix without variants is unchanged: same ids, no variant fields", () => {
    const result = plan(GRID);
    expect(result.cells.map((c) => c.id)).toEqual([
      "calibration__cpu1__mem256Mi__smol0",
      "calibration__cpu1__mem256Mi__smol1",
    ]);
    expect(result.cells.every((c) => c.variant === undefined)).toBe(true);
    expect("variants" in result).toBe(false);
  });

  test("each variant multiplies the cells; ids gain __v-<name>", () => {
    const result = plan(`${GRID}variants:\n  a: {}\n  b: { env: { X: "1" } }\n`);
    expect(result.cells.map((c) => c.id)).toEqual([
      "calibration__cpu1__mem256Mi__smol0__v-a",
      "calibration__cpu1__mem256Mi__smol0__v-b",
      "calibration__cpu1__mem256Mi__smol1__v-a",
      "calibration__cpu1__mem256Mi__smol1__v-b",
    ]);
    expect(Plan.safeParse(result).success).toBe(true);
    for (const cell of result.cells) expect(Cell.safeParse(cell).success).toBe(true);
    expect(Object.keys(result.cellEstimatedSeconds)).toHaveLength(4);
  });

  test("--variant runs only the named variants; an unknown name is refused, naming the known ones", () => {
    const matrix = parseMatrix(`${GRID}variants:\n  a: {}\n  b: { env: { X: "1" } }\n`, "/tmp/m/matrix.yaml");
    const only = planRun(matrix, { variants: ["b"] }, HOST);
    expect(only.cells.map((c) => c.id)).toEqual([
      "calibration__cpu1__mem256Mi__smol0__v-b",
      "calibration__cpu1__mem256Mi__smol1__v-b",
    ]);
    expect(only.variants?.map((v) => v.name)).toEqual(["b"]);
    expect(() => planRun(matrix, { variants: ["c"] }, HOST)).toThrow(
      '--variant "c" is not a variant of this profile; variants: a, b',
    );
    expect(() => planRun(parseMatrix(GRID, "/tmp/m/matrix.yaml"), { variants: ["a"] }, HOST)).toThrow(
      "this profile has no variants",
    );
  });

  test("a variant's command (expanded), env and image apply to its cells only", () => {
    const result = plan(`${GRID}variants:
  slow: { command: ["scenarios/{scenario}.ts", "--step-s={stepSeconds}", "--op-us=400", "{flags}"] }
  fast: { env: { BUN_OPTIONS: "--expose-gc" } }
  old: { bunVersion: 1.2.19 }
  pre: { image: "bench:abc" }
`);
    const byId = new Map(result.cells.map((c) => [c.id, c]));
    const slow = byId.get("calibration__cpu1__mem256Mi__smol0__v-slow");
    expect(slow?.command).toEqual(["scenarios/calibration.ts", "--step-s=1", "--op-us=400"]);
    expect(slow?.image).toBe(IMAGE_TO_BUILD);
    expect(slow?.variant).toEqual({ name: "slow", bunVersion: null });
    const fastSmol = byId.get("calibration__cpu1__mem256Mi__smol1__v-fast");
    expect(fastSmol?.env.BUN_OPTIONS).toBe("--smol --expose-gc");
    expect(fastSmol?.command[0]).toBe("scenarios/{scenario}.ts".replace("{scenario}", "calibration"));
    const old = byId.get("calibration__cpu1__mem256Mi__smol0__v-old");
    expect(old?.image).toBe(variantImageToBuild("old"));
    expect(old?.variant).toEqual({ name: "old", bunVersion: "1.2.19" });
    expect(byId.get("calibration__cpu1__mem256Mi__smol0__v-pre")?.image).toBe("bench:abc");
    expect(result.variants?.map((v) => [v.name, v.bunVersion])).toEqual([
      ["slow", null],
      ["fast", null],
      ["old", "1.2.19"],
      ["pre", null],
    ]);
  });

  test("the planned-cell limit counts the variants", () => {
    const names = Array.from({ length: 30 }, (_, i) => `  v${i}: {}`).join("\n");
    const yaml = `axes: { cpus: [${Array.from({ length: 100 }, (_, i) => 0.01 * (i + 1))
      .map((n) => n.toFixed(2))
      .join(", ")}], memory: [256Mi, 512Mi], smol: [false, true] }
scenarios:
  calibration: {}
variants:
${names}
`;
    expect(() => plan(yaml)).toThrow("12000 cells");
  });

  test("service cells: a variant's image, env and command apply to the service; ids keep __conc then __v-", () => {
    const result = plan(`service: { image: "myapp:1", port: 8080, readyPath: /health, env: { MODE: prod } }
axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }
scenarios:
  home: { request: { path: / } }
variants:
  http1: {}
  grpc: { image: "myapp:grpc", env: { PROTOCOL: grpc }, command: ["server", "--grpc"] }
`);
    expect(result.cells.map((c) => c.id)).toEqual([
      "home__cpu1__mem256Mi__smol0__conc10__v-http1",
      "home__cpu1__mem256Mi__smol0__conc10__v-grpc",
    ]);
    const [http1, grpc] = result.cells;
    expect(http1).toMatchObject({ mode: "service", image: "myapp:1", command: [], concurrency: 10 });
    expect(http1?.env).toEqual({ MODE: "prod" });
    expect(grpc).toMatchObject({ mode: "service", image: "myapp:grpc", command: ["server", "--grpc"] });
    expect(grpc?.env).toEqual({ MODE: "prod", PROTOCOL: "grpc" });
    expect(grpc?.service?.requests).toEqual(http1?.service?.requests ?? []);
    expect(Plan.safeParse(result).success).toBe(true);
  });

  test("the dry run's preflight checks a variant's own build context", async () => {
    const matrix = parseMatrix(
      `${GRID}variants:\n  a: {}\n  b: { build: { context: ./nope } }\n`,
      "/tmp/m/matrix.yaml",
    );
    const planned = planRun(matrix, {}, HOST);
    const error = await preflightRun(matrix, planned, "/tmp", { flagSchemas: null }).catch((e) => e);
    expect(String(error?.message)).toContain("variants.b.build.context: /tmp/m/nope does not exist");
  });
});
