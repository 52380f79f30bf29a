// Known answers through the real runner: the CPU-bound, paced and memory-bound plug-ins (examples/known-answers/)
// in their own image at 0.5, 1 and 2 vCPU, each cell's ceiling against its first-principles answer.
// Usage: bun bench/known-answers.ts [--cpus=0.5,1,2] [--memory=256Mi] [--scenario=paced,...] [--reps=1]
//        [--step-s=2] [--tolerance=0.1] [--out=results/known-answers] [--report=<run-id>]
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { knownAnswerMatrix, REPO_ROOT } from "../examples/known-answers/known-answer-matrix.ts";
import { KNOWN_ANSWERS } from "../examples/known-answers/known-answers.ts";
import { answerRow } from "./known-answers/answer-row.ts";
import { formatAnswerTable } from "./known-answers/format-answer-table.ts";
import { latestRunId, readRunCells } from "./known-answers/read-run-cells.ts";

const list = (pattern: RegExp) =>
  z
    .string()
    .regex(pattern)
    .transform((text) => text.split(","));
const Flags = z
  .object({
    cpus: list(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/).default(["0.5", "1", "2"]),
    memory: list(/^\w+(,\w+)*$/).default(["256Mi"]),
    scenario: list(/^[\w-]+(,[\w-]+)*$/).default(KNOWN_ANSWERS.map((answer) => answer.scenario)),
    reps: z.coerce.number().int().min(1).max(10).default(1),
    stepS: z.coerce.number().positive().default(2),
    tolerance: z.coerce.number().positive().max(1).default(0.1),
    out: z.string().min(1).default(join(REPO_ROOT, "results/known-answers")),
    report: z.string().min(1).optional(),
  })
  .strict();

const raw = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, "").split("=", 2);
    return [(name ?? "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value ?? "true"];
  }),
);
const parsed = Flags.safeParse(raw);
if (!parsed.success) {
  console.error(`known-answers: bad flags:\n${z.prettifyError(parsed.error)}`);
  process.exit(2);
}
const flags = parsed.data;

const loadAverage = () =>
  process.platform === "linux"
    ? readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
    : "n/a";

if (flags.report === undefined) {
  console.error(`known-answers: host load average before ${loadAverage()}`);
  const dir = await mkdtemp(join(tmpdir(), "known-answers-"));
  const matrixPath = join(dir, "matrix.yaml");
  const matrix = knownAnswerMatrix({
    scenarios: flags.scenario,
    cpus: flags.cpus.map(Number),
    memory: flags.memory,
    repetitions: flags.reps,
    stepSeconds: flags.stepS,
  });
  await writeFile(matrixPath, matrix);
  console.error(`known-answers: bun runner/matrix.ts ${matrixPath} --out ${flags.out}`);
  const runner = Bun.spawn(["bun", join(REPO_ROOT, "runner/matrix.ts"), matrixPath, "--out", flags.out], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BUN_CAPACITY_OFFLINE: process.env.BUN_CAPACITY_OFFLINE ?? "1" },
  });
  // The runner's own report goes to stderr: stdout is this script's table.
  const forward = (async () => {
    const reader = runner.stdout.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      process.stderr.write(chunk.value);
  })();
  const code = await runner.exited;
  await forward;
  await rm(dir, { recursive: true, force: true });
  if (code !== 0)
    console.error(`known-answers: the runner exited ${code}; the table shows the cells it finished`);
}

console.error(`known-answers: host load average now ${loadAverage()}`);
const runId = flags.report ?? (await latestRunId(flags.out));
const rows = (await readRunCells(join(flags.out, runId))).map((record) => answerRow(record, flags.tolerance));
console.log(`known answers, run ${runId} (${join(flags.out, runId)}), tolerance ±${flags.tolerance * 100}%`);
console.log(formatAnswerTable(rows, flags.tolerance));
const off = rows.filter((row) => !row.withinTolerance || !row.ceilingWithinAchieved);
console.log(
  off.length === 0
    ? `all ${rows.length} cells within tolerance`
    : `${off.length} of ${rows.length} cells off`,
);
process.exit(off.length === 0 ? 0 : 1);
