// Engine throughput vs a bare EventEmitter, inside the bench image at --cpus 1 --memory 512m (median of 5).
// Usage: bun bench/engine-throughput.ts [--image=<tag>] [--runs=5] [--cpus=1] [--memory=512m] [--duration-s=3] [--host]
import { join } from "node:path";
import { z } from "zod";
import { parseResult } from "../contract/parse-result.ts";
import type { BenchResult } from "../contract/result.ts";

/** The ratio the engine must reach against a bare EventEmitter. */
export const TARGET_RATIO = 0.15;
const IMAGE_REPOSITORY = "bun-capacity/bench";
const CONTAINER_LABEL = "bun-capacity.bench=engine-throughput";
const REPO_ROOT = join(import.meta.dir, "..");
/** The working tree's workload is mounted over the image's copy, so the bench measures this checkout even if the image is older. */
const SOURCE_MOUNTS = ["contract", "engine", "scenarios"].flatMap((dir) => [
  "-v",
  `${join(REPO_ROOT, dir)}:/app/${dir}:ro`,
]);

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

/** The newest local bun-capacity/bench image, or null when Docker or the image is missing. */
async function findImage(): Promise<string | null> {
  const proc = Bun.spawnSync(["docker", "images", IMAGE_REPOSITORY, "--format", "{{.Repository}}:{{.Tag}}"]);
  if (proc.exitCode !== 0) return null;
  return (
    proc.stdout
      .toString()
      .split("\n")
      .find((line) => line.trim() !== "" && !line.endsWith(":<none>")) ?? null
  );
}

async function runOnce(
  scenario: string,
  args: string[],
  target: { image: string | null; cpus: string; memory: string },
) {
  const scenarioArgs = [`scenarios/${scenario}.ts`, "--mode=closed", "--inflight=1000", ...args];
  const command = target.image
    ? [
        "docker",
        "run",
        "--rm",
        "--label",
        CONTAINER_LABEL,
        `--cpus=${target.cpus}`,
        `--memory=${target.memory}`,
        ...SOURCE_MOUNTS,
        target.image,
        ...scenarioArgs,
      ]
    : ["bun", join(import.meta.dir, "..", scenarioArgs[0] as string), ...scenarioArgs.slice(1)];
  const proc = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (exitCode !== 0) throw new Error(`${command.join(" ")} exited ${exitCode}:\n${stderr.slice(-2000)}`);
  return parseResult(stdout);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const format = (perSec: number) => `${Math.round(perSec).toLocaleString("en-US")} msg/s`;

const flags = parseArgs(process.argv.slice(2));
const image = flags.host === "true" ? null : (flags.image ?? (await findImage()));
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
const medians = Object.fromEntries(MEASURES.map((m) => [m.scenario, median(samples.get(m.scenario) ?? [])]));
for (const measure of MEASURES) {
  const values = (samples.get(measure.scenario) ?? []).map((v) => Math.round(v / 1000)).join(", ");
  console.log(
    `${measure.label.padEnd(50)} median ${format(medians[measure.scenario] ?? 0).padStart(16)}   (runs, k/s: ${values})`,
  );
}
const ratio = (medians.throughput ?? 0) / Math.max(1, medians["event-emitter-baseline"] ?? 0);
console.log(
  `ratio engine throughput / EventEmitter: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? "OK" : "BELOW TARGET"}`,
);
