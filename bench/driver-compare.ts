// One profile through the local driver and through Swarm, cell by cell: statuses, ceilings and the noise verdict,
// then the services either run left behind. Needs a swarm manager (a one-node swarm is made, then left, if none).
// Usage: bun bench/driver-compare.ts [--profile=quick] [--matrix=matrix.yaml] [--out=results/driver-compare]
import { join } from "node:path";
import { $ } from "bun";
import { z } from "zod";
import { RUN_ID_LABEL } from "../runner/drivers/execution-driver.ts";
import type { CellRecord } from "../runner/results/cell-record.ts";
import { ceilingDifference } from "../runner/sizing/variant-comparison.ts";
import { latestRunId, readRunCells } from "./known-answers/read-run-cells.ts";
import { parseBenchFlags } from "./parse-bench-flags.ts";

const REPO_ROOT = join(import.meta.dir, "..");
const Flags = z
  .object({
    profile: z
      .string()
      .regex(/^[\w-]+$/)
      .default("quick"),
    matrix: z.string().min(1).default(join(REPO_ROOT, "matrix.yaml")),
    out: z.string().min(1).default(join(REPO_ROOT, "results/driver-compare")),
  })
  .strict();
const flags = parseBenchFlags("driver-compare", Flags);

const swarmState = (await $`docker info --format {{.Swarm.LocalNodeState}}`.text()).trim();
if (swarmState !== "active") {
  console.error("driver-compare: making this engine a one-node swarm (left again at the end)");
  await $`docker swarm init --advertise-addr 127.0.0.1`.quiet();
}

async function run(driver: "local" | "swarm"): Promise<{ cells: CellRecord[]; seconds: number }> {
  const out = join(flags.out, driver);
  const started = performance.now();
  const args = [flags.matrix, "--profile", flags.profile, "--driver", driver, "--out", out];
  console.error(`driver-compare: bun runner/matrix.ts ${args.join(" ")}`);
  const proc = Bun.spawn(["bun", join(REPO_ROOT, "runner/matrix.ts"), ...args], {
    stdout: "ignore",
    stderr: "inherit",
  });
  if ((await proc.exited) > 1) throw new Error(`the ${driver} run failed (exit ${proc.exitCode})`);
  const seconds = (performance.now() - started) / 1000;
  return { cells: await readRunCells(join(out, await latestRunId(out))), seconds };
}

try {
  const local = await run("local");
  const swarm = await run("swarm");
  const left = (await $`docker service ls -q --filter label=${RUN_ID_LABEL}`.text()).trim();
  const bySwarm = new Map(swarm.cells.map((record) => [record.cell.id, record]));
  const rate = (record: CellRecord | undefined) =>
    record?.summary.ceilingPerSec
      ? Math.round(record.summary.ceilingPerSec.median).toLocaleString("en-US")
      : "-";
  const side = (record: CellRecord) => ({
    ceilingPerSec: record.summary.ceilingPerSec,
    repetitions: record.repetitions.length,
  });
  const rows = local.cells.map((a) => {
    const b = bySwarm.get(a.cell.id);
    const diff = b ? ceilingDifference(side(a), side(b)) : null;
    return {
      cell: a.cell.id,
      "status local": a.status,
      "status swarm": b?.status ?? "missing",
      "ceiling local /s": rate(a),
      "ceiling swarm /s": rate(b),
      "swarm/local": diff?.ratio?.toFixed(3) ?? "-",
      verdict: diff ? `${diff.verdict} (${diff.reason})` : "-",
    };
  });
  console.log(
    `profile ${flags.profile}: local ${local.seconds.toFixed(0)} s, swarm ${swarm.seconds.toFixed(0)} s`,
  );
  console.table(rows);
  const same = rows.filter((row) => row["status local"] === row["status swarm"]).length;
  const beyond = rows.filter((row) => row.verdict.startsWith("beyond-noise")).length;
  console.log(`statuses equal: ${same}/${rows.length}; ceilings beyond the noise: ${beyond}/${rows.length}`);
  console.log(`services left with a ${RUN_ID_LABEL} label: ${left === "" ? 0 : left.split("\n").length}`);
} finally {
  if (swarmState !== "active") await $`docker swarm leave --force`.quiet().nothrow();
}
