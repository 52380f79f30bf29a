import { join } from "node:path";
import { loadMatrix } from "../config/load-matrix.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { runHostProbe } from "../execute/run-host-probe.ts";
import { runPlan } from "../execute/run-plan.ts";
import { localHostFacts } from "../plan/plan.ts";
import { planRun } from "../plan/plan-run.ts";
import { validatePlan } from "../plan/validate-plan.ts";
import { preflightRun } from "../preflight/preflight-run.ts";
import { readRunDir } from "../report/size-run-dir.ts";
import { planningCeilingOf } from "./calibrate-inputs.ts";
import type { ServiceModeCell } from "./calibrate-search.ts";
import type { LocalMeasure } from "./calibration-record.ts";

/** Where --measure-local's runs go, apart from results/latest.txt so they never replace the latest full run. */
const LOCAL_RUNS_DIR = "calibrate";

/**
 * --measure-local: plans only this cell from the matrix, under both CPU views (pinned, the default the ratio divides
 * by, and shared), runs them like `run` does, and reads their planning ceilings.
 */
export async function measureLocalCell(
  matrixPath: string,
  cell: ServiceModeCell,
  resultsDir: string,
  signal: AbortSignal,
): Promise<LocalMeasure> {
  const matrix = loadMatrix(matrixPath);
  const plan = planRun(
    matrix,
    { cpus: [cell.cpus], memoryBytes: [cell.memoryBytes], smol: [false], scenarios: [cell.scenario] },
    localHostFacts(),
  );
  const pinned = plan.cells.find((c) => c.id === cell.id) ?? cell;
  const sharedId = `${pinned.id}__shared`;
  const shared = plan.cells.find((c) => c.id === sharedId) ?? {
    ...pinned,
    id: sharedId,
    cpuView: "shared" as const,
  };
  const views = pinned.cpuView === "shared" ? [pinned] : [pinned, shared];
  const only = { ...plan, cells: views };
  validatePlan(only, { force: false });
  const dir = join(resultsDir, LOCAL_RUNS_DIR);
  await preflightRun(matrix, only, dir);
  const record = await runPlan(only, { resultsDir: dir, signal });
  const stored = await readRunDir(join(dir, record.runId));
  const ceilingOf = (id: string) => {
    const found = stored.records.find((r) => r.cell.id === id);
    return found ? planningCeilingOf(found) : null;
  };
  const byViewFigures = {
    pinned: pinned.cpuView === "shared" ? null : ceilingOf(pinned.id),
    shared: ceilingOf(views.at(-1)?.id ?? sharedId),
  };
  return { ceilingPerSec: ceilingOf(pinned.id), runId: record.runId, byView: byViewFigures };
}

/** This host's full probe, as a run takes at its start: the calibration carries it so other hosts can scale it. */
export const probeThisHost = () => runHostProbe(createDockerClient(), { form: "full" });
