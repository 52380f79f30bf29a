import { describe, expect, test } from "bun:test";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";
import { validatePlan } from "../../../runner/plan/validate-plan.ts";

const HOST = { cores: 64, memoryBytes: 2 ** 40 };
const plan = (yaml: string, options = {}) => planRun(parseMatrix(yaml, "/tmp/m.yaml"), options, HOST);
const BASE = "axes: { cpus: [1], memory: [512Mi], smol: [false] }\nscenarios: { throughput: {} }\n";

describe("validatePlan", () => {
  test("0 planned cells is an error", () => {
    const empty = plan(`${BASE}exclude: [{ scenario: throughput }]\n`);
    expect(() => validatePlan(empty, { force: false })).toThrow("0 cells");
  });
  test("bigger than Cloud Run's largest instance needs --force", () => {
    const big = plan(BASE, { cpus: [16] });
    expect(() => validatePlan(big, { force: false })).toThrow(MatrixError);
    expect(() => validatePlan(big, { force: true })).not.toThrow();
  });
  test("a matrix expanding past the cell limit stops before expanding", () => {
    const flags = Array.from({ length: 6 }, (_, i) => `f${i}: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]`).join(", ");
    const yaml = `image: x:1\ncommand: [run, "{flags}"]\nscenarios: { mine: { flags: { ${flags} } } }\n`;
    expect(() => plan(yaml)).toThrow("2000000 cells");
  });
});
