import { expect, test } from "bun:test";
import type { LoadStep } from "../../../../contract/result.ts";
import { judgeSoak, rssGrowth } from "../../../../runner/execute/memory-search/judge-soak.ts";
import type { Repetition } from "../../../../runner/results/cell-record.ts";
import { validResult } from "../../../contract/result-fixture.ts";

const MiB = 2 ** 20;
const step = (p99Ms: number, cpu: number): LoadStep => ({
  phase: "fixed",
  offeredPerSec: 500,
  achievedPerSec: 500,
  durationMs: 1000,
  latency: { count: 500, p50Ms: 1, p90Ms: 2, p95Ms: 3, p99Ms, p999Ms: p99Ms, maxMs: p99Ms },
  errors: 0,
  lost: 0,
  dropped: 0,
  processCpuSeconds: cpu,
  generatorCpuSeconds: null,
  sloMet: p99Ms <= 100,
});
/** A 3 s soak whose RSS goes through `mib` (one sample every half second). */
function soak(steps: LoadStep[], mib: number[], status: Repetition["status"] = "ok"): Repetition {
  const samples = mib.map((m, i) => ({ elapsedMs: (i + 1) * 500, memoryBytes: m * MiB, cpuPercent: 50 }));
  return {
    index: 0,
    status,
    message: status === "ok" ? "ok" : "killed by the kernel OOM killer under load",
    exitCode: null,
    wallSeconds: 4,
    result: status === "ok" ? validResult({ steps, ceiling: null }) : null,
    stderrTail: "",
    rawStdout: null,
    oomKilled: status === "oom",
    oomEvent: false,
    applied: null,
    limitMismatches: [],
    stats: {
      peakMemoryBytes: Math.max(...mib) * MiB,
      cpuSeconds: 1,
      throttledPeriods: 0,
      throttledSeconds: 0,
      samples,
    },
  };
}
const FLAT = [140, 150, 150, 151, 150, 151];

test("a size holds when p99, CPU per request and RSS hold; the margin is its peak", () => {
  const probe = judgeSoak(soak([step(10, 0.5), step(10, 0.5)], FLAT), 256 * MiB, 100, 3, 0.001);
  expect(probe).toMatchObject({ holds: true, status: "ok", peakMemoryBytes: 151 * MiB });
  expect(probe.why).toBe("held 500/s for 3 s, peak 151 MiB of 256Mi");
});

test("it fails on an OOM, a missed SLO, CPU per request over 10% up, or RSS climbing towards the limit", () => {
  expect(judgeSoak(soak([], FLAT, "oom"), 128 * MiB, 100, 3, null)).toMatchObject({
    holds: false,
    status: "oom",
  });
  expect(judgeSoak(soak([step(10, 0.5), step(180, 0.5)], FLAT), 256 * MiB, 100, 3, 0.001)).toMatchObject({
    status: "memory-pressure",
    why: "p99 180 ms misses the 100 ms SLO at 500/s",
  });
  expect(judgeSoak(soak([step(10, 0.6)], FLAT), 256 * MiB, 100, 3, 0.001).why).toBe(
    "CPU per request 20% above the largest size's at 500/s (more collection)",
  );
  // 150 -> 200 MiB in the last second of a 3 s soak: 20% of a 256 MiB limit.
  const climbing = soak([step(10, 0.5)], [140, 150, 150, 150, 180, 201]);
  expect(rssGrowth(climbing, 3, 256 * MiB)).toBeCloseTo(51 / 256, 6);
  expect(judgeSoak(climbing, 256 * MiB, 100, 3, 0.001).why).toContain("RSS grew by 20% of the limit");
  // The same 51 MiB in a 1 GiB limit is garbage before a collection, not a climb.
  expect(judgeSoak(climbing, 1024 * MiB, 100, 3, 0.001).holds).toBe(true);
});
