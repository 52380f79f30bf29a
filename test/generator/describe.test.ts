import { expect, test } from "bun:test";
import { WorkloadDescription } from "../../contract/generator-step.ts";
import { runBun } from "./run-generator.ts";

test("describe prints a module's shape, rate unit, latency and flags as JSON Schema", async () => {
  const { exitCode, stdout } = await runBun("generator/describe.ts", [
    "test/generator/fixtures/echo-paced.ts",
  ]);
  expect(exitCode).toBe(0);
  const description = WorkloadDescription.parse(JSON.parse(stdout));
  expect(description.shape).toBe("paced");
  expect(description.rateUnit).toBe("echoes/s");
  expect(description.latency).toBe("end-to-end");
  expect(description.flags["delay-ms"]).toEqual({ type: "integer", minimum: 0, maximum: 1000, default: 1 });
  expect(description.flags.label).toEqual({ type: "string" });
  expect(JSON.stringify(description)).not.toContain("$schema");
});

test("defaults: no rateUnit is null, latency is per request, no flags is {}; a fixed module is fixed", async () => {
  const { stdout } = await runBun("generator/describe.ts", ["test/generator/fixtures/fixed-minimal.ts"]);
  expect(JSON.parse(stdout)).toEqual({ shape: "fixed", rateUnit: null, latency: "request", flags: {} });
});

test("another tool's load script is refused (exit 2), naming the workload API", async () => {
  const { exitCode, stdout, stderr } = await runBun("generator/describe.ts", [
    "test/generator/fixtures/legacy-load-script.js",
  ]);
  expect(exitCode).toBe(2);
  expect(stdout).toBe("");
  expect(stderr).toContain("could not be loaded");
  expect(stderr).toContain("generator/api/workload.ts");
});

test("a default export of neither shape: exit 2 naming what is missing", async () => {
  const { exitCode, stderr } = await runBun("generator/describe.ts", [
    "test/generator/fixtures/not-a-workload.ts",
  ]);
  expect(exitCode).toBe(2);
  expect(stderr).toContain("neither open() nor run()");
});

test("a module's expect is checked: statuses 100..599, at least one", async () => {
  const { workloadShape } = await import("../../generator/load/workload-shape.ts");
  const open = () => async () => true;
  expect(workloadShape({ expect: { status: [200, 304] }, open }, "m.ts").shape).toBe("paced");
  expect(() => workloadShape({ expect: { status: [42] }, open }, "m.ts")).toThrow("100..599");
  expect(() => workloadShape({ expect: { status: [] }, open }, "m.ts")).toThrow("at least one status");
});
