import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { GeneratorStepConfig } from "../../../../contract/generator-step.ts";
import { readStepConfig } from "../../../../generator/load/read-step-config.ts";
import { createBunLoadGenerator } from "../../../../runner/load/bun-generator/bun-load-generator.ts";
import { GeneratorOutputError } from "../../../../runner/load/bun-generator/generator-output.ts";
import { generatorStepConfig } from "../../../../runner/load/bun-generator/generator-step-config.ts";
import { stepRequest, stepSummary } from "./step-request.ts";

const REPO_ROOT = join(import.meta.dir, "../../../../");
const generator = createBunLoadGenerator("bun-capacity/generator:abc", "0.1.0+abc");
const configOf = (env: Record<string, string>) => GeneratorStepConfig.parse(JSON.parse(env.BC_STEP ?? ""));

describe("createBunLoadGenerator", () => {
  test("names itself and its image", () => {
    expect([generator.name, generator.version, generator.image]).toEqual([
      "bun-generator",
      "0.1.0+abc",
      "bun-capacity/generator:abc",
    ]);
  });

  test("a step container runs bun /app/generator/main.ts with the step's config as BC_STEP; no stdin for the mix", () => {
    const request = stepRequest({ workers: 2 });
    const spec = generator.stepContainer(request);
    expect(spec.image).toBe("bun-capacity/generator:abc");
    expect(spec.cmd).toEqual(["bun", "/app/generator/main.ts"]);
    expect(spec.labels).toEqual({ "bun-capacity.role": "generator" });
    expect(Object.keys(spec.env)).toEqual(["BC_STEP"]);
    expect(configOf(spec.env)).toEqual(generatorStepConfig(request));
    expect("stdin" in spec).toBe(false);
    // What the runner writes is what the generator reads (generator/load/read-step-config.ts).
    expect(readStepConfig(spec.env.BC_STEP)).toEqual(generatorStepConfig(request));
  });

  test('a user\'s module travels on stdin (workload "-"); a bundled one is named by its image path', () => {
    const source = "export default { open: () => async () => true };\n";
    const user = generator.stepContainer(stepRequest({ workload: { imagePath: null, source } }));
    expect(configOf(user.env).workload).toBe("-");
    expect(user.stdin).toBe(source);
    const imagePath = "/app/service/workloads/ingest.ts";
    const bundled = generator.stepContainer(stepRequest({ workload: { imagePath, source } }));
    expect(configOf(bundled.env).workload).toBe(imagePath);
    expect("stdin" in bundled).toBe(false);
  });

  test("the programs it names exist where the generator image puts generator/ (/app, generator/Dockerfile)", async () => {
    const dockerfile = await Bun.file(join(REPO_ROOT, "generator/Dockerfile")).text();
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(dockerfile).toMatch(/^COPY generator\/ generator\/$/m);
    const ready = generator.readinessContainer(8080, "/health", 5000);
    for (const program of [generator.stepContainer(stepRequest()).cmd[1], ready.cmd[1]])
      expect(existsSync(join(REPO_ROOT, (program ?? "").replace(/^\/app\//, "")))).toBe(true);
  });

  test("the readiness probe polls the service on loopback until its deadline", () => {
    const spec = generator.readinessContainer(3000, "/healthz", 30_000);
    expect(spec.image).toBe("bun-capacity/generator:abc");
    expect(spec.cmd).toEqual([
      "bun",
      "/app/generator/readiness.ts",
      "http://127.0.0.1:3000/healthz",
      "30000",
    ]);
    expect(spec.labels).toEqual({ "bun-capacity.role": "readiness" });
  });

  test("parseStep reads the summary line into a step with the generator's own CPU; garbage is a GeneratorOutputError", () => {
    const stdout = `starting 1 worker\n${JSON.stringify(stepSummary())}\n`;
    const parsed = generator.parseStep(stepRequest(), { stdout, stderr: "", cpuSeconds: 0.8 });
    expect(parsed.step.achievedPerSec).toBeCloseTo(200, 9);
    expect(parsed.step.generatorCpuSeconds).toBe(0.6);
    expect(parsed.generatorCpuSeconds).toBe(0.8);
    expect(parsed.self.sendLagP99Ms).toBe(0.7);
    expect(() =>
      generator.parseStep(stepRequest(), { stdout: "panic", stderr: "boom", cpuSeconds: 0 }),
    ).toThrow(GeneratorOutputError);
  });
});
