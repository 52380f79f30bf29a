// Is this host steady enough for ceilings that agree? Two containers run the same fixed load side by side, first on
// one core, then on two. If their per-second CPU per message moves together on one core, the core's own speed moves
// (a VM's neighbours), which no repetition count averages away. Usage: bun bench/host-steadiness.ts [--trials=3]
import { z } from "zod";
import type { BenchResult } from "../contract/result.ts";
import { MAX_CEILING_CV, median, spread } from "../runner/results/statistics.ts";
import { parseBenchFlags } from "./parse-bench-flags.ts";
import { requireBenchImage, runInBenchImage } from "./run-in-bench-image.ts";

/** A host whose speed moves more than the ceiling CV a cell must reach cannot give cells that agree. */
const STEADY_CV = MAX_CEILING_CV;
/** Above this, two processes on one core share most of their per-second movement. */
const SHARED_R = 0.7;
/** The first steps carry JIT warm-up, not the host's speed. */
const WARM_STEPS = 3;

const Flags = z
  .object({
    image: z.string().min(1).optional(),
    trials: z.coerce.number().int().min(1).max(9).default(3),
    ratePerSec: z.coerce.number().int().positive().default(600_000),
    steps: z.coerce
      .number()
      .int()
      .min(WARM_STEPS + 4)
      .max(60)
      .default(15),
  })
  .strict();

const flags = parseBenchFlags("host-steadiness", Flags);
const image = requireBenchImage("host-steadiness", flags.image);
const cores = navigator.hardwareConcurrency;
const last = String(cores - 1);
const pairings: Array<{ name: string; cpusets: [string, string] }> = [
  { name: `one core (${last})`, cpusets: [last, last] },
  ...(cores > 1 ? [{ name: `two cores (0, ${last})`, cpusets: ["0", last] as [string, string] }] : []),
];
console.log(
  `host-steadiness: scenarios/throughput.ts at ${flags.ratePerSec.toLocaleString("en-US")} msg/s, ${flags.steps} x 1 s steps (first ${WARM_STEPS} left out), two ${image} containers at --cpus=0.5 side by side, ${flags.trials} trials per pairing`,
);

const summary = new Map<string, { cvs: number[]; rs: number[] }>();
for (let trial = 1; trial <= flags.trials; trial++) {
  for (const { name, cpusets } of pairings) {
    const [a, b] = await Promise.all(cpusets.map((cpuset) => nsPerMessage(cpuset)));
    if (!a || !b) throw new Error("a container reported no steps");
    const length = Math.min(a.length, b.length);
    const r = correlation(a.slice(0, length), b.slice(0, length));
    const [sa, sb] = [spread(a), spread(b)];
    if (!sa || !sb) throw new Error("a container reported no steps after warm-up");
    const entry = summary.get(name) ?? { cvs: [], rs: [] };
    entry.cvs.push(sa.cv, sb.cv);
    entry.rs.push(r);
    summary.set(name, entry);
    console.log(
      `  trial ${trial}, ${name}: CPU per message ${range(sa)} / ${range(sb)} ns, per-second CV ${pct(sa.cv)} / ${pct(sb.cv)}, together r = ${r.toFixed(2)}`,
    );
  }
}

const rows = pairings.map(({ name }) => {
  const entry = summary.get(name) ?? { cvs: [], rs: [] };
  return { name, cv: median(entry.cvs) ?? 0, r: median(entry.rs) ?? 0 };
});
for (const row of rows)
  console.log(`${row.name}: per-second CV median ${pct(row.cv)}, r median ${row.r.toFixed(2)}`);
const oneCore = rows[0] as (typeof rows)[number];
if (oneCore.cv <= STEADY_CV)
  console.log(
    `verdict: steady (a fixed load's speed moves ${pct(oneCore.cv)} a second, at most ${pct(STEADY_CV)})`,
  );
else if (oneCore.r >= SHARED_R)
  console.log(
    `verdict: UNSTEADY HOST: the core's own speed moves ${pct(oneCore.cv)} a second and both processes on it move together (r ${oneCore.r.toFixed(2)}): expect cells whose ceilings disagree; run on a quieter machine`,
  );
else
  console.log(
    `verdict: the speed moves ${pct(oneCore.cv)} a second, each process on its own (r ${oneCore.r.toFixed(2)}): the workload, not the host, varies`,
  );

/** Per-second CPU nanoseconds per delivered message of one pinned container, warm-up steps left out. */
async function nsPerMessage(cpuset: string): Promise<number[]> {
  const rates = Array.from({ length: flags.steps }, () => flags.ratePerSec).join(",");
  const args = ["--mode=steps", `--rates=${rates}`, "--step-s=1", "--warmup-s=1", "--slo-p99-ms=100"];
  const target = { image, cpus: "0.5", memory: "512m", cpuset, label: "bun-capacity.bench=host-steadiness" };
  const { result } = await runInBenchImage("throughput", args, target);
  return perMessage(result).slice(WARM_STEPS);
}

function perMessage(result: BenchResult): number[] {
  return result.steps.map((step) => {
    const messages = (step.achievedPerSec * step.durationMs) / 1000;
    return ((step.processCpuSeconds ?? Number.NaN) * 1e9) / Math.max(1, messages);
  });
}

/** Pearson's r of two equally long series (0 when either is flat). */
function correlation(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((s, e) => s + e, 0) / v.length;
  const [mx, my] = [mean(x), mean(y)];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let i = 0; i < x.length; i++) {
    const [dx, dy] = [(x[i] as number) - mx, (y[i] as number) - my];
    [sxy, sxx, syy] = [sxy + dx * dy, sxx + dx * dx, syy + dy * dy];
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

function range(s: { min: number; max: number }): string {
  return `${s.min.toFixed(0)}-${s.max.toFixed(0)}`;
}

function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}
