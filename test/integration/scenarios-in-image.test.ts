import { describe, expect, test } from "bun:test";
import { runRepetition } from "../../runner/execute/run-repetition.ts";
import { testCell } from "../runner/execute/cell-fixture.ts";
import { driver, integrationImage } from "./integration-image.ts";

const MiB = 2 ** 20;
const TINY = ["--warmup-s=0.2", "--step-s=0.3", "--sample-ms=50", "--max-steps=8"];
const context = {
  runId: `it-scenarios-${process.pid}`,
  commit: "it",
  ownerPid: process.pid,
  ownerHost: "it",
};

// Each bundled scenario, in the bench image under real limits, prints one line the contract accepts.
const scenarios: Array<[string, string[]]> = [
  ["firehose", [...TINY, "--payload=1kb"]],
  ["fanout", [...TINY, "--subscribers=10", "--duration-s=0.5"]],
  ["throughput", TINY],
  ["thundering-herd", ["--sample-ms=50"]],
  ["soak", [...TINY, "--duration-s=1", "--fraction=0.2"]],
  ["saturation", [...TINY, "--rates=1000,2000"]],
];

describe("the six scenarios in the bench image (1 CPU, 512 MiB)", () => {
  for (const [scenario, flags] of scenarios) {
    test(
      `${scenario}: one valid result line, every message accounted for`,
      async () => {
        const image = await integrationImage();
        const cell = testCell({
          id: `scenario-${scenario}`,
          scenario,
          cpus: 1,
          memoryBytes: 512 * MiB,
          command: [`scenarios/${scenario}.ts`, ...flags],
          timeoutSeconds: 60,
          image: image.ref,
        });
        const repetition = await runRepetition({ driver, cell, image: image.ref, index: 0, context });
        // A valid line either way: over these tiny steps a busy host can read as drift, which this test does not judge.
        expect(["ok", "drifted"], repetition.message ?? "").toContain(repetition.status);
        const result = repetition.result;
        expect(result?.scenario).toBe(scenario);
        expect(result?.counts.lost).toBe(0);
        expect(result?.counts.errors).toBe(0);
        expect(result?.environment.cgroup.cpuLimitCores).toBe(1);
      },
      { timeout: 120_000 },
    );
  }
});
