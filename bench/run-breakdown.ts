// Where a stored run's time went, from its records: per repetition the wall time, the pod's start-up (readiness
// included), the load it offered (warm-up and every step, the closed-loop and end probes included) and the rest
// (generator containers' or the session's create/start/removal, drains, the pod's finish); then the run: its host probes and the time
// between its start and end outside the repetitions (probes, re-runs of contended repetitions, drift checks). A
// benchmark, not a test: compare the figures before and after a change to the run's waiting.
// Usage: bun bench/run-breakdown.ts [run-id] [--results dir]   (default: the latest run under results/)
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { CellRecord } from "../runner/results/cell-record.ts";
import { DEFAULT_RESULTS_DIR, readRunRecord, runPaths } from "../runner/results/run-store.ts";

const args = process.argv.slice(2);
const resultsFlag = args.indexOf("--results");
const resultsDir = resultsFlag >= 0 ? (args[resultsFlag + 1] ?? DEFAULT_RESULTS_DIR) : DEFAULT_RESULTS_DIR;
const named = args.find(
  (arg, index) => !arg.startsWith("--") && !(resultsFlag >= 0 && index === resultsFlag + 1),
);
const runId = named ?? (await Bun.file(join(resultsDir, "latest.txt")).text()).trim();
const paths = runPaths(resultsDir, runId);
const run = await readRunRecord(paths.runJson);

const totals = { repetitions: 0, wall: 0, startup: 0, load: 0, steps: 0, members: 0 };
const rows: string[] = [];
for (const file of (await readdir(paths.cellsDir)).filter((name) => name.endsWith(".json")).sort()) {
  const parsed = CellRecord.safeParse(await Bun.file(join(paths.cellsDir, file)).json());
  if (!parsed.success) {
    console.error(`${join(paths.cellsDir, file)} is not a cell record: skipped`);
    continue;
  }
  const record = parsed.data;
  for (const repetition of record.repetitions) {
    const steps = repetition.result?.steps ?? [];
    const warmupSeconds = (repetition.result?.warmupMs ?? 0) / 1000;
    const load = warmupSeconds + steps.reduce((sum, step) => sum + step.durationMs / 1000, 0);
    const startup = (repetition.startupMs ?? 0) / 1000;
    // Server mode: a generator container per step and for the warm-up, and the readiness container.
    const members = steps.length + (warmupSeconds > 0 ? 1 : 0) + 1;
    const rest = repetition.wallSeconds - load - startup;
    totals.repetitions++;
    totals.wall += repetition.wallSeconds;
    totals.startup += startup;
    totals.load += load;
    totals.steps += steps.length;
    totals.members += members;
    rows.push(
      `${record.cell.id.padEnd(44)} #${repetition.index} ${repetition.status.padEnd(12)} wall ${s(repetition.wallSeconds)}  start-up ${s(startup)}  load ${s(load)} (${steps.length} steps)  rest ${s(rest)} (${(rest / members).toFixed(2)} s a generator run)`,
    );
  }
}
console.log(rows.join("\n"));
const n = Math.max(1, totals.repetitions);
const rest = totals.wall - totals.load - totals.startup;
console.log(
  `${totals.repetitions} repetitions: wall ${s(totals.wall)} (${s(totals.wall / n)} each), start-up ${s(totals.startup)}, load ${s(totals.load)}, rest ${s(rest)} (${(rest / Math.max(1, totals.members)).toFixed(2)} s a generator run); ${(totals.steps / n).toFixed(1)} steps a repetition`,
);
const probes = run.probes ?? [];
const count = (form: string) => probes.filter((probe) => probe.form === form).length;
const runSeconds = run.finishedAt ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : null;
console.log(
  `run ${runId}: ${runSeconds === null ? "unfinished" : `${s(runSeconds)} from its start to its end`}; host probes ${count("full")} full, ${count("short")} short; outside the kept repetitions ${runSeconds === null ? "?" : s(runSeconds - totals.wall)} (probes, contended re-runs, drift checks, records)`,
);

function s(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}
