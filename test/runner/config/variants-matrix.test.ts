import { describe, expect, test } from "bun:test";
import { REPO_ROOT } from "../../../runner/config/config-defaults.ts";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import type { MatrixError } from "../../../runner/config/matrix-error.ts";
import { matrixErrorOf } from "./matrix-error-of.ts";

const FILE = "/tmp/example/matrix.yaml";
const MINIMAL = "scenarios:\n  calibration: {}\n";

const errorOf = (yaml: string): MatrixError => matrixErrorOf(yaml, FILE);

/** One paragraph naming the file, the line, the field and the value. */
function expectReport(yaml: string, parts: string[]) {
  const error = errorOf(yaml);
  expect(error.message).not.toContain("\n");
  expect(error.message).toContain(FILE);
  for (const part of parts) expect(error.message).toContain(part);
  return error;
}

describe("matrix.yaml variants: validation", () => {
  test("an unknown key names the variant and the allowed keys", () => {
    const error = expectReport(`${MINIMAL}variants:\n  a: { bunversion: 1.2.3 }\n`, [
      'variants.a: unknown key "bunversion" (did you mean "bunVersion"?)',
      "image, build, command, env, bunVersion",
    ]);
    expect(error.issues[0]?.line).toBe(4);
  });

  test("image and build together are refused", () => {
    expectReport(`${MINIMAL}variants:\n  a: { image: "x:1", build: { context: . } }\n`, [
      "variants.a.image",
      "either build",
      "not both",
    ]);
  });

  test("a bunVersion that is not an exact semver names the value", () => {
    for (const bad of ["latest", "^1.2.0", "v1.2.3", "1.2"])
      expectReport(`${MINIMAL}variants:\n  a: { bunVersion: "${bad}" }\n`, [
        `variants.a.bunVersion: got "${bad}"`,
        "exact Bun version like 1.2.19",
      ]);
  });

  test("a bunVersion on a prebuilt image is refused (it cannot be rebuilt)", () => {
    expectReport(`${MINIMAL}variants:\n  a: { image: "app:1", bunVersion: 1.2.19, command: [x] }\n`, [
      "variants.a.bunVersion",
      "prebuilt image (app:1)",
    ]);
    expectReport(
      `image: "app:1"\ncommand: [x]\nscenarios:\n  s: {}\nvariants:\n  a: { bunVersion: 1.2.19 }\n`,
      ["variants.a.bunVersion", "prebuilt image (app:1)"],
    );
  });

  test("a variant name that is not filesystem-safe is refused", () => {
    for (const bad of ["a/b", "../up", "-x", "a b"])
      expectReport(`${MINIMAL}variants:\n  "${bad}": {}\n`, ["variants", "file names", bad]);
  });

  test("bad commands and env names are caught inside a variant", () => {
    expectReport(`${MINIMAL}variants:\n  a: { command: ["{nope}"] }\n`, [
      "variants.a.command[0]",
      "unknown placeholder {nope}",
    ]);
    expectReport(`${MINIMAL}variants:\n  a: { env: { "1X": y } }\n`, [
      "variants.a.env",
      "environment variable name",
    ]);
  });
});

describe("matrix.yaml variants: resolution", () => {
  test("each variant resolves its image, Bun version, command and env; none means an empty list", () => {
    expect(parseMatrix(MINIMAL, FILE).base?.variants).toEqual([]);
    const matrix = parseMatrix(
      `${MINIMAL}variants:
  old: { bunVersion: 1.2.19 }
  fast: { env: { X: "1" }, command: ["scenarios/{scenario}.ts", "--op-us=10"] }
  prebuilt: { image: "bench:abc" }
  same:
`,
      FILE,
    );
    expect(matrix.base?.variants).toEqual([
      {
        name: "old",
        image: { kind: "build", context: REPO_ROOT, dockerfile: "Dockerfile", args: {} },
        bunVersion: "1.2.19",
        command: null,
        env: {},
      },
      {
        name: "fast",
        image: null,
        bunVersion: null,
        command: ["scenarios/{scenario}.ts", "--op-us=10"],
        env: { X: "1" },
      },
      {
        name: "prebuilt",
        image: { kind: "image", ref: "bench:abc" },
        bunVersion: null,
        command: null,
        env: {},
      },
      { name: "same", image: null, bunVersion: null, command: null, env: {} },
    ]);
  });

  test("an image of your own needs no top-level command when every variant brings one", () => {
    const yaml = `image: "app:1"\nscenarios:\n  s: {}\nvariants:\n  a: { command: [run, a] }\n  b: { command: [run, b] }\n`;
    expect(parseMatrix(yaml, FILE).base?.variants).toHaveLength(2);
    expectReport(`image: "app:1"\nscenarios:\n  s: {}\nvariants:\n  a: { command: [run, a] }\n  b: {}\n`, [
      "has no command",
    ]);
  });

  test("a profile can add or drop a variant (null removes it)", () => {
    const matrix = parseMatrix(
      `${MINIMAL}variants:\n  a: {}\n  b: {}\nprofiles:\n  one: { variants: { b: null } }\n  three: { variants: { c: { env: { Y: z } } } }\n`,
      FILE,
    );
    expect(matrix.profiles.one?.variants.map((v) => v.name)).toEqual(["a"]);
    expect(matrix.profiles.three?.variants.map((v) => v.name)).toEqual(["a", "b", "c"]);
  });
});
