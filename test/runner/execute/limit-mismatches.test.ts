import { expect, test } from "bun:test";
import { limitMismatches } from "../../../runner/execute/limit-mismatches.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { testCell } from "./cell-fixture.ts";

const applied = {
  nanoCpus: 500_000_000,
  memoryBytes: 268_435_456,
  memorySwapBytes: 268_435_456,
  readonlyRootfs: true,
  capDrop: ["ALL"],
  securityOpt: ["no-new-privileges"],
  pidsLimit: 256,
  networkMode: "none",
  user: "1000:1000",
};
const cgroup = (memoryLimitBytes: number | null, cpuLimitCores: number | null) => {
  const result = validResult();
  return {
    ...result,
    environment: {
      ...result.environment,
      cgroup: { ...result.environment.cgroup, memoryLimitBytes, cpuLimitCores },
    },
  };
};

test("matching applied and perceived limits: no mismatch", () => {
  expect(limitMismatches(testCell(), applied, cgroup(268_435_456, 0.5))).toEqual([]);
});

test("docker applying other limits, or swap, is flagged", () => {
  const problems = limitMismatches(testCell(), { ...applied, nanoCpus: 1e9, memorySwapBytes: -1 }, null);
  expect(problems).toHaveLength(2);
  expect(problems.join()).toContain("swap is not off");
});

test("the container reading other limits from its cgroup is flagged", () => {
  const problems = limitMismatches(testCell(), applied, cgroup(null, 1));
  expect(problems).toEqual([
    "the container saw no cgroup memory limit",
    "the container read CPU limit 1 cores, planned 0.5",
  ]);
});
