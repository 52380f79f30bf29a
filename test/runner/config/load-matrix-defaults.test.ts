import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../../../runner/config/config-defaults.ts";
import { loadMatrix, parseMatrix } from "../../../runner/config/load-matrix.ts";
import type { MatrixError } from "../../../runner/config/matrix-error.ts";
import { matrixErrorOf } from "./matrix-error-of.ts";

const FILE = "/tmp/example/matrix.yaml";

const errorOf = (yaml: string): MatrixError => matrixErrorOf(yaml, FILE);

const MINIMAL = "scenarios:\n  throughput: {}\n";

describe("loadMatrix defaults and profiles", () => {
  test("defaults fill every setting; the bundled image builds from the repository root", () => {
    const matrix = parseMatrix(MINIMAL, FILE);
    expect(matrix.base?.image).toEqual({
      kind: "build",
      context: REPO_ROOT,
      dockerfile: "Dockerfile",
      args: {},
    });
    expect(matrix.base?.bundledImage).toBe(true);
    expect(matrix.base?.axes).toEqual({
      cpus: [1],
      memoryBytes: [512 * 2 ** 20],
      smol: [false, true],
      concurrency: [],
    });
    expect(matrix.base?.scenarios[0]).toMatchObject({
      name: "throughput",
      sloP99Ms: 100,
      warmupSeconds: 1,
      stepSeconds: 1,
      durationSeconds: 10,
      repetitions: 3,
      maxRepetitions: 6,
      timeoutSeconds: 120,
      network: false,
      env: {},
    });
  });

  test("scenario settings beat the defaults block, which beats the built-in defaults", () => {
    const matrix = parseMatrix(
      "defaults: { repetitions: 5, warmupSeconds: 2, maxRepetitions: 8 }\nscenarios:\n  fanout: { repetitions: 1 }\n",
      FILE,
    );
    expect(matrix.base?.scenarios[0]).toMatchObject({
      repetitions: 1,
      maxRepetitions: 8,
      warmupSeconds: 2,
      sloP99Ms: 100,
    });
  });

  test("a relative build context starts at the matrix file's directory", () => {
    const matrix = parseMatrix(
      'build: { context: ../svc, args: { V: 1 } }\ncommand: ["main.ts"]\nscenarios: { a: {} }\n',
      FILE,
    );
    expect(matrix.base?.image).toEqual({
      kind: "build",
      context: "/tmp/svc",
      dockerfile: "Dockerfile",
      args: { V: "1" },
    });
    expect(matrix.base?.bundledImage).toBe(false);
  });

  test("profiles merge mappings, replace lists, and choose scenarios", () => {
    const yaml = `defaultProfile: quick
axes: { cpus: [1, 2], memory: [256Mi] }
defaults: { repetitions: 3, warmupSeconds: 2 }
scenarios:
  throughput: { sloP99Ms: 40 }
  fanout: {}
profiles:
  quick:
    axes: { cpus: [0.5] }
    defaults: { repetitions: 1 }
    scenarios: { fanout: { sloP99Ms: 80 } }
  image:
    image: app:1
    command: ["x"]
`;
    const matrix = parseMatrix(yaml, FILE);
    expect(matrix.base).toBeNull();
    const quick = matrix.profiles.quick;
    expect(quick?.axes).toEqual({
      cpus: [0.5],
      memoryBytes: [256 * 2 ** 20],
      smol: [false, true],
      concurrency: [],
    });
    expect(
      quick?.scenarios.map((s) => [s.name, s.selected, s.sloP99Ms, s.repetitions, s.warmupSeconds]),
    ).toEqual([
      ["fanout", true, 80, 1, 2],
      ["throughput", false, 40, 1, 2],
    ]);
    expect(matrix.profiles.image?.image).toEqual({ kind: "image", ref: "app:1" });
  });

  test("YAML anchors and merge keys work; an empty profile changes nothing", () => {
    const yaml = `x-fast: &fast { warmupSeconds: 0, stepSeconds: 0.5 }
scenarios:
  throughput: { <<: *fast, sloP99Ms: 30 }
defaultProfile: same
profiles:
  same:
`;
    expect(errorOf(yaml).message).toContain('unknown key "x-fast"');
    const matrix = parseMatrix(
      yaml.replace(
        "x-fast: &fast { warmupSeconds: 0, stepSeconds: 0.5 }\n",
        "defaults: &fast { warmupSeconds: 0, stepSeconds: 0.5 }\n",
      ),
      FILE,
    );
    expect(matrix.profiles.same?.scenarios[0]).toMatchObject({
      warmupSeconds: 0,
      stepSeconds: 0.5,
      sloP99Ms: 30,
    });
  });

  test("every profile is validated when the file loads", () => {
    const yaml = `${MINIMAL}defaultProfile: a\nprofiles:\n  a: {}\n  b:\n    scenarios: { nope: {} }\n`;
    expect(errorOf(yaml).message).toContain("profiles.b.scenarios.nope");
  });

  test("loads from disk and names the file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "matrix-"));
    const file = path.join(dir, "m.yaml");
    writeFileSync(file, `${MINIMAL}axes: { cpus: [1.5] }\n`);
    expect(loadMatrix(file).base?.axes.cpus).toEqual([1.5]);
    writeFileSync(file, `${MINIMAL}axes: { cpus: [1.5], extra: 1 }\n`);
    expect(() => loadMatrix(file)).toThrow(`${file}:3:`);
  });
});
