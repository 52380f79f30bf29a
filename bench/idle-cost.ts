// The generator's idle cost: 2,000 ops/s of a 1 us operation in the bench image at --cpus=0.5 (median of runs).
// Target (issue 9): process CPU < 0.1 core and p99 < 20 ms. Usage: bun bench/idle-cost.ts [--runs=3] [--image=<tag>]
import { z } from "zod";
import { median } from "../runner/results/statistics.ts";
import { parseBenchFlags } from "./parse-bench-flags.ts";
import { requireBenchImage, runInBenchImage } from "./run-in-bench-image.ts";

const TARGET_CPU_CORES = 0.1;
const TARGET_P99_MS = 20;

const Flags = z
  .object({
    image: z.string().min(1).optional(),
    runs: z.coerce.number().int().min(1).max(11).default(3),
    cpus: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .default("0.5"),
    rate: z.coerce.number().positive().default(2000),
    opUs: z.coerce.number().positive().default(1),
    durationS: z.coerce.number().positive().default(10),
  })
  .strict();

const flags = parseBenchFlags("idle-cost", Flags);
const image = requireBenchImage("idle-cost", flags.image);
console.log(
  `idle-cost: calibration --op-us=${flags.opUs} at ${flags.rate}/s for ${flags.durationS}s, ${image} --cpus=${flags.cpus}, ${flags.runs} runs`,
);
const rows: Array<{ cores: number; p99Ms: number; generatorCores: number; throttledS: number }> = [];
for (let run = 1; run <= flags.runs; run++) {
  const args = [
    `--op-us=${flags.opUs}`,
    "--mode=steps",
    `--rates=${flags.rate}`,
    `--duration-s=${flags.durationS}`,
    "--warmup-s=1",
  ];
  const target = { image, cpus: flags.cpus, memory: "256m", label: "bun-capacity.bench=idle-cost" };
  const { result } = await runInBenchImage("calibration", args, target);
  const step = result.steps[0];
  if (!step) throw new Error("the calibration run reported no step");
  const seconds = step.durationMs / 1000;
  const row = {
    cores: (step.processCpuSeconds ?? Number.NaN) / seconds,
    p99Ms: step.latency.p99Ms,
    generatorCores: (step.generatorCpuSeconds ?? Number.NaN) / seconds,
    throttledS: result.resources.cpuThrottledSeconds ?? Number.NaN,
  };
  rows.push(row);
  console.log(
    `  run ${run}: process CPU ${row.cores.toFixed(3)} core, p99 ${row.p99Ms.toFixed(2)} ms, achieved ${step.achievedPerSec.toFixed(0)}/s, dropped ${step.dropped}, pacer ${(row.generatorCores * 1000).toFixed(2)} mcore, throttled ${row.throttledS.toFixed(2)} s over the run`,
  );
}
const cores = median(rows.map((r) => r.cores)) ?? 0;
const p99 = median(rows.map((r) => r.p99Ms)) ?? 0;
const verdict = cores < TARGET_CPU_CORES && p99 < TARGET_P99_MS ? "OK" : "ABOVE TARGET";
console.log(
  `median: process CPU ${cores.toFixed(3)} core (target < ${TARGET_CPU_CORES}), p99 ${p99.toFixed(2)} ms (target < ${TARGET_P99_MS}) ${verdict}`,
);
