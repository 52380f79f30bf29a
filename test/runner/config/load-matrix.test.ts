import { describe, expect, test } from "bun:test";
import { loadMatrix, parseMatrix } from "../../../runner/config/load-matrix.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";
import { matrixErrorOf } from "./matrix-error-of.ts";

const FILE = "/tmp/example/matrix.yaml";

const errorOf = (yaml: string): MatrixError => matrixErrorOf(yaml, FILE);

/** One paragraph naming the file, the field path, the bad value and what is allowed. */
function expectReport(error: MatrixError, parts: string[]) {
  expect(error.message).not.toContain("\n");
  expect(error.message).toContain(FILE);
  for (const part of parts) expect(error.message).toContain(part);
}

const MINIMAL = "scenarios:\n  throughput: {}\n";

describe("loadMatrix errors", () => {
  test("wrong types", () => {
    const error = errorOf(`${MINIMAL}axes:\n  cpus: ["one"]\n  smol: [yes]\n`);
    expectReport(error, [
      'axes.cpus[0]: got "one"',
      "expected a number of CPUs",
      'axes.smol[0]: got "yes"',
      "true or false",
    ]);
    expect(error.issues.map((issue) => issue.line)).toEqual([4, 5]);
  });

  test("a list where a mapping belongs", () => {
    expectReport(errorOf("scenarios: [throughput]\n"), ["scenarios", "expected a mapping"]);
  });

  test("unknown keys at any depth, with a suggestion", () => {
    expectReport(errorOf(`${MINIMAL}axis:\n  cpus: [1]\n`), [
      'unknown key "axis" (did you mean "axes"?)',
      "allowed keys here:",
    ]);
    expectReport(errorOf(`${MINIMAL}axes:\n  cpu: [1]\n`), [
      'axes: unknown key "cpu" (did you mean "cpus"?)',
      "cpus, memory, smol",
    ]);
    expectReport(errorOf("scenarios:\n  throughput: { slo: 50 }\n"), [
      "scenarios.throughput",
      '"slo"',
      "sloP99Ms",
    ]);
    const inProfile = errorOf(`${MINIMAL}profiles:\n  quick:\n    axes: { memroy: [1Gi] }\n`);
    expectReport(inProfile, ["profiles.quick.axes", '"memroy" (did you mean "memory"?)']);
    expect(inProfile.issues[0]?.line).toBe(5);
  });

  test("zero or negative limits", () => {
    expectReport(errorOf(`${MINIMAL}axes:\n  cpus: [0]\n`), ["axes.cpus[0]: got 0", "at least 0.01"]);
    expectReport(errorOf(`${MINIMAL}axes:\n  cpus: [1, -2]\n`), ["axes.cpus[1]: got -2"]);
    expectReport(errorOf(`${MINIMAL}axes:\n  memory: [-1Gi]\n`), ["axes.memory[0]", "256Mi"]);
    expectReport(errorOf("scenarios:\n  throughput: { repetitions: 0 }\n"), [
      "scenarios.throughput.repetitions: got 0",
      "at least 1",
    ]);
    expectReport(errorOf("defaults: { maxRepetitions: 1.5 }\nscenarios: { throughput: {} }\n"), [
      "defaults.maxRepetitions: got 1.5",
      "whole number of repetitions",
    ]);
    expectReport(errorOf("defaults: { stepSeconds: 0 }\nscenarios: { throughput: {} }\n"), [
      "defaults.stepSeconds",
      "more than 0",
    ]);
    expectReport(errorOf(`${MINIMAL}axes:\n  cpus: []\n`), ["axes.cpus"]);
  });

  test("memory below Docker's 6 MiB minimum", () => {
    const error = errorOf(`${MINIMAL}axes:\n  memory: [256Mi, 5Mi]\n`);
    expectReport(error, ['axes.memory[1]: got "5Mi"', "below Docker's minimum memory limit of 6Mi"]);
    expect(error.issues[0]).toMatchObject({ path: "axes.memory[1]", line: 4, column: 19 });
    expectReport(errorOf(`${MINIMAL}axes:\n  memory: [6000000]\n`), ["got 6000000", "6Mi"]);
    expect(() => parseMatrix(`${MINIMAL}axes:\n  memory: [6Mi]\n`, FILE)).not.toThrow();
  });

  test("duplicate axis values after unit conversion", () => {
    expectReport(errorOf(`${MINIMAL}axes:\n  memory: [512Mi, 0.5Gi]\n`), [
      "axes.memory[1]",
      "repeats an earlier value",
    ]);
  });

  test("unknown scenario of the bundled image", () => {
    const error = errorOf("scenarios:\n  thruput: {}\n");
    expectReport(error, [
      "scenarios.thruput",
      "not a scenario of the bundled image",
      "throughput, thundering-herd",
    ]);
  });

  test("any scenario name with an image of your own, if it has a command", () => {
    const ok = parseMatrix(
      'image: "myapp:1.2"\ncommand: ["serve.ts", "{flags}"]\nscenarios:\n  checkout: {}\n',
      FILE,
    );
    expect(ok.base?.scenarios[0]?.name).toBe("checkout");
    expect(ok.base?.image).toEqual({ kind: "image", ref: "myapp:1.2" });
    const missing = errorOf("build: { context: ./svc }\nscenarios:\n  checkout: {}\n");
    expectReport(missing, ["scenarios.checkout", "has no command"]);
  });

  test("build and image together", () => {
    expectReport(errorOf(`image: app:1\nbuild: {}\ncommand: [x]\n${MINIMAL}`), [
      "image: set either build",
      "not both",
    ]);
  });

  test("unknown placeholder or misplaced {flags} in a command", () => {
    expectReport(errorOf(`command: ["--warmup={warmup}"]\n${MINIMAL}`), [
      "command[0]",
      "unknown placeholder {warmup}",
      "{warmupSeconds}",
    ]);
    expectReport(errorOf(`command: ["x{flags}"]\n${MINIMAL}`), [
      "command[0]",
      "{flags} must be a list item on its own",
    ]);
  });

  test("malformed YAML names the line and column", () => {
    const error = errorOf("scenarios:\n  throughput: [1,\naxes: {}\n");
    expectReport(error, [`${FILE}:3:1: malformed YAML`]);
    expect(errorOf("a: 1\na: 2\n").message).toContain(`${FILE}:2:1: malformed YAML: Map keys must be unique`);
  });

  test("a top level that is not a mapping", () => {
    expectReport(errorOf("- 1\n- 2\n"), ["expected a mapping at the top"]);
  });

  test("defaultProfile must name a profile", () => {
    expectReport(errorOf(`${MINIMAL}defaultProfile: standrd\nprofiles:\n  standard: {}\n`), [
      'defaultProfile: got "standrd"',
      "profiles: standard",
    ]);
  });

  test("exclude or include naming an unknown scenario or flag", () => {
    expectReport(errorOf(`${MINIMAL}exclude: [{ scenario: fanout }]\n`), [
      "exclude[0].scenario",
      '"fanout" is not a scenario of this matrix',
    ]);
    expectReport(errorOf(`${MINIMAL}exclude: [{ flags: { payload: 1kb } }]\n`), [
      "exclude[0].flags.payload",
      'has the flag "payload"',
    ]);
    expectReport(errorOf(`${MINIMAL}include: [{ scenario: soak }]\n`), ["include[0].scenario"]);
  });

  test("a profile value that breaks the merged matrix points into the profile", () => {
    const error = errorOf(`${MINIMAL}profiles:\n  quick:\n    axes: { memory: [1Mi] }\n`);
    expectReport(error, ['profiles.quick.axes.memory[0]: got "1Mi"']);
    expect(error.issues[0]?.line).toBe(5);
  });

  test("a missing file", () => {
    const error = (() => {
      try {
        loadMatrix("/nonexistent/matrix.yaml");
      } catch (caught) {
        return caught as MatrixError;
      }
    })();
    expect(error).toBeInstanceOf(MatrixError);
    expect(error?.message).toContain("/nonexistent/matrix.yaml: cannot read it (no such file)");
  });

  test("several problems are reported together, in one paragraph", () => {
    const error = errorOf(`${MINIMAL}axes:\n  cpus: [0, -1, a, b, c]\n`);
    expect(error.issues).toHaveLength(5);
    expect(error.message).toContain("(and 1 more)");
    expect(error.message).not.toContain("\n");
  });

  test("the cloudRun section is parsed once, typed, with its defaults", () => {
    expect(errorOf(`${MINIMAL}cloudRun: { targetPerSex: 5 }\n`).message).toContain("cloudRun");
    const cloudRun = parseMatrix(`${MINIMAL}cloudRun: { targetPerSec: 5000 }\n`, FILE).base?.cloudRun;
    expect(cloudRun?.targetPerSec).toBe(5000);
    expect(cloudRun?.utilizationTarget).toBe(0.6);
  });
});
