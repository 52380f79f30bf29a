import { describe, expect, test } from "bun:test";
import { checkDeployability } from "../../../runner/cloudrun/deployability.ts";

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const fractionalOk = { concurrency: 1, billing: "request" as const };
const defaults = { concurrency: 80, billing: "request" as const };

describe("Cloud Run CPU values", () => {
  test.each([0.08, 0.25, 0.5, 0.999])(
    "%p vCPU is a valid fraction (with concurrency 1, request billing)",
    (cpus) => {
      expect(checkDeployability(cpus, 256 * MIB, fractionalOk).deployable).toBe(true);
    },
  );
  test.each([1, 2, 4, 6, 8])("exactly %p vCPU is offered", (cpus) => {
    expect(checkDeployability(cpus, 4 * GIB, defaults).deployable).toBe(true);
  });
  test.each([0.07, 0.1234, 1.5, 3, 5, 7, 10])("%p vCPU is not offered", (cpus) => {
    const d = checkDeployability(cpus, 512 * MIB, fractionalOk);
    expect(d.deployable).toBe(false);
    expect(d.reasons.length).toBeGreaterThan(0);
  });
});

describe("memory per CPU", () => {
  const cases: Array<[number, number, boolean]> = [
    [0.4, 512 * MIB, true], // up to 512 MiB below 0.5 vCPU
    [0.4, 513 * MIB, false],
    [0.5, 1 * GIB, true], // up to 1 GiB below 1 vCPU
    [0.9, 1 * GIB + MIB, false],
    [1, 4 * GIB, true],
    [1, 4 * GIB + MIB, false],
    [2, 8 * GIB, true],
    [2, 8 * GIB + MIB, false],
    [4, 2 * GIB, true],
    [4, 2 * GIB - MIB, false],
    [4, 16 * GIB, true],
    [4, 17 * GIB, false],
    [6, 4 * GIB, true],
    [6, 3 * GIB, false],
    [6, 24 * GIB, true],
    [6, 25 * GIB, false],
    [8, 4 * GIB, true],
    [8, 3 * GIB, false],
    [8, 32 * GIB, true],
    [8, 33 * GIB, false],
    [1, 64 * MIB, false], // below the 128 MiB minimum
  ];
  test.each(cases)("%p vCPU with %p bytes: deployable %p", (cpus, bytes, ok) => {
    expect(checkDeployability(cpus, bytes, fractionalOk).deployable).toBe(ok);
  });

  test("under 512 MiB at 1 vCPU needs the first-generation environment", () => {
    const d = checkDeployability(1, 256 * MIB, defaults);
    expect(d.deployable).toBe(true);
    expect(d.executionEnvironment).toBe("gen1");
    expect(d.conditions.join()).toContain("first-generation");
    expect(checkDeployability(1, 512 * MIB, defaults).executionEnvironment).toBeNull();
  });
});

describe("below 1 vCPU", () => {
  test("is not deployable with concurrency above 1, and says what would make it so", () => {
    const d = checkDeployability(0.5, 512 * MIB, defaults);
    expect(d.deployable).toBe(false);
    expect(d.reasons.join()).toContain("concurrency 1");
    expect(d.conditions.join()).toContain("request-based billing");
  });
  test("is not deployable under instance-based billing", () => {
    const d = checkDeployability(0.5, 512 * MIB, { concurrency: 1, billing: "instance" });
    expect(d.deployable).toBe(false);
    expect(d.reasons.join()).toContain("request-based billing");
  });
  test("is deployable with concurrency 1 and request-based billing", () => {
    expect(checkDeployability(0.5, 512 * MIB, fractionalOk)).toMatchObject({
      deployable: true,
      executionEnvironment: "gen1",
    });
  });
});
