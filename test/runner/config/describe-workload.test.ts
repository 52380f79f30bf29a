import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { WorkloadDescription } from "../../../contract/generator-step.ts";
import { REPO_ROOT } from "../../../runner/config/config-defaults.ts";
import { describeWorkload } from "../../../runner/config/describe-workload.ts";

const FIXTURES = join(import.meta.dir, "../../fixtures/workloads");
const fixture = (name: string) => join(FIXTURES, name);

describe("describeWorkload (bun generator/describe.ts, before any container)", () => {
  test("a module with flags: its shape, rate unit, latency and each flag's JSON Schema; a user's goes on stdin", () => {
    const { workload, problem } = describeWorkload(fixture("paced-with-flags.ts"));
    expect(problem).toBeNull();
    const { imagePath: _, ...description } = workload ?? { imagePath: null };
    expect(WorkloadDescription.safeParse(description).success).toBe(true);
    expect(workload).toEqual({
      shape: "paced",
      rateUnit: "publishes/s",
      latency: "end-to-end",
      flags: {
        rate: { default: 5, type: "integer", minimum: 1, maximum: 100 },
        mode: { default: "a", description: "which path it sends to", type: "string", enum: ["a", "b"] },
      },
      imagePath: null,
    });
  });

  test("a fixed-shape module is fixed; one that declares nothing has no flags and the defaults", () => {
    expect(describeWorkload(fixture("fixed-storm.ts")).workload).toMatchObject({
      shape: "fixed",
      flags: { connections: { type: "integer", minimum: 1, maximum: 100_000 } },
    });
    expect(describeWorkload(fixture("no-flags.ts")).workload).toEqual({
      shape: "paced",
      rateUnit: null,
      latency: "request",
      flags: {},
      imagePath: null,
    });
  });

  test("a bundled module (under generator/) is run from its path in the generator image", () => {
    const { workload, problem } = describeWorkload(join(REPO_ROOT, "service/workloads/e2e.ts"));
    expect(problem).toBeNull();
    expect(workload?.imagePath).toBe("/app/service/workloads/e2e.ts");
    expect(workload?.latency).toBe("end-to-end");
  });

  test("a .js load script is refused naming the file and the new API, and the example it points to works", () => {
    const path = fixture("legacy-load-script.js");
    const { workload, problem } = describeWorkload(path);
    expect(workload).toBeNull();
    expect(problem).toContain(`${path} is not a TypeScript workload module`);
    expect(problem).toContain("no longer run");
    expect(problem).toContain("generator/api/workload.ts");
    const example = problem?.match(/examples\/workloads\/[\w-]+\.ts/)?.[0];
    expect(example).toBeDefined();
    expect(describeWorkload(join(REPO_ROOT, example ?? "")).problem).toBeNull();
  });

  test("another tool's script named .ts is refused by the generator's own load, naming the API", () => {
    const { problem } = describeWorkload(fixture("legacy-load-script-in-ts.ts"));
    expect(problem).toContain("cannot be loaded as a workload module");
    expect(problem).toContain("generator/api/workload.ts");
  });

  test("a module that throws on import: a one-line problem naming it and its error, no stack trace", () => {
    const path = fixture("throws-on-load.ts");
    const { workload, problem } = describeWorkload(path);
    expect(workload).toBeNull();
    expect(problem).toContain(`${path} cannot be loaded as a workload module`);
    expect(problem).toContain("fixture: this module refuses to load");
    expect(problem).not.toMatch(/\n|at .*:\d+:\d+/);
  });

  test("a missing module is a problem too", () => {
    const path = fixture("no-such-module.ts");
    expect(describeWorkload(path).problem).toContain("no such file");
  });
});
