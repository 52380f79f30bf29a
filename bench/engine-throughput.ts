// Engine throughput vs a bare EventEmitter, inside the bench image at --cpus 1 --memory 512m (median of 5).
// Usage: bun bench/engine-throughput.ts [--image=<tag>] [--runs=5] [--cpus=1] [--memory=512m] [--duration-s=3] [--host]
import { z } from "zod";
import type { BenchResult } from "../contract/result.ts";
import { median, spread } from "../runner/results/statistics.ts";
import { findBenchImage, runInBenchImage } from "./run-in-bench-image.ts";

/** The ratio the engine must reach against a bare EventEmitter. */
export const TARGET_RATIO = 0.15;
const CONTAINER_LABEL = "bun-capacity.bench=engine-throughput";

const Flags = z
  .object({
    image: z.string().min(1).optional(),
    runs: z.coerce.number().int().min(1).max(21).default(5),
    cpus: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .default("1"),
    memory: z
      .string()
      .regex(/^\d+[kmg]$/i)
      .default("512m"),
    durationS: z.coerce.number().positive().default(3),
    host: z.enum(["true", "false"]).default("false"),
  })
  .strict();

const MEASURES = [
  {
    label: "throughput (1 KB, 1 subscriber, immediate ack)",
    scenario: "throughput",
    pick: (r: BenchResult) => r.throughput.ackedPerSec,
  },
  {
    label: "firehose (1 KB, 0 subscribers)",
    scenario: "firehose",
    pick: (r: BenchResult) => r.throughput.publishedPerSec,
  },
  {
    label: "node:events EventEmitter, 1 listener",
    scenario: "event-emitter-baseline",
    pick: (r: BenchResult) => r.throughput.deliveredPerSec,
  },
] as const;

function parseArgs(argv: string[]) {
  const raw: Record<string, string> = {};
  for (const arg of argv) {
    const [name, value] = arg.replace(/^--/, "").split("=", 2);
    if (name) raw[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value ?? "true";
  }
  const parsed = Flags.safeParse(raw);
  if (!parsed.success) {
    console.error(`engine-throughput: bad flags:\n${z.prettifyError(parsed.error)}`);
    process.exit(2);
  }
  return parsed.data;
}

async function runOnce(
  scenario: string,
  args: string[],
  target: { image: string | null; cpus: string; memory: string },
) {
  const scenarioArgs = ["--mode=closed", "--inflight=1000", ...args];
  return (await runInBenchImage(scenario, scenarioArgs, { ...target, label: CONTAINER_LABEL })).result;
}

const format = (perSec: number) => `${Math.round(perSec).toLocaleString("en-US")} msg/s`;

const flags = parseArgs(process.argv.slice(2));
const image = flags.host === "true" ? null : (flags.image ?? findBenchImage());
const where = image
  ? `docker image ${image} at --cpus=${flags.cpus} --memory=${flags.memory}`
  : "the HOST (no Docker or no bun-capacity/bench image; pass --image=<tag> or build it with bun runner/matrix.ts): figures are not comparable to a 1-CPU container";
console.log(
  `engine-throughput: ${flags.runs} interleaved runs of ${flags.durationS}s closed-loop each, on ${where}`,
);
const samples = new Map<string, number[]>(MEASURES.map((m) => [m.scenario, []]));
const args = [`--duration-s=${flags.durationS}`, "--warmup-s=1", "--sample-ms=1000"];
for (let run = 1; run <= flags.runs; run++) {
  for (const measure of MEASURES) {
    const result = await runOnce(measure.scenario, args, { image, cpus: flags.cpus, memory: flags.memory });
    samples.get(measure.scenario)?.push(measure.pick(result));
    console.error(`  run ${run} ${measure.scenario}: ${format(measure.pick(result))}`);
  }
}
const medians = Object.fromEntries(
  MEASURES.map((m) => [m.scenario, median(samples.get(m.scenario) ?? []) ?? 0]),
);
for (const measure of MEASURES) {
  const runs = samples.get(measure.scenario) ?? [];
  const values = runs.map((v) => Math.round(v / 1000)).join(", ");
  const cv = runs.length > 1 ? `, CV ${((spread(runs)?.cv ?? 0) * 100).toFixed(1)}%` : "";
  console.log(
    `${measure.label.padEnd(50)} median ${format(medians[measure.scenario] ?? 0).padStart(16)}   (runs, k/s: ${values}${cv})`,
  );
}
const ratio = (medians.throughput ?? 0) / Math.max(1, medians["event-emitter-baseline"] ?? 0);
console.log(
  `ratio engine throughput / EventEmitter: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? "OK" : "BELOW TARGET"}`,
);
