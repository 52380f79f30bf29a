import type { CellRecord } from "../results/cell-record.ts";
import type { BaselineComparison, CheckOutcome, CheckVerdict, ScenarioCheck } from "./check-verdict.ts";
import type { CloudRunSettings } from "./cloud-run-settings.ts";
import { resolveUnitPrices } from "./cloud-run-settings.ts";
import { MIN_HEADROOM } from "./oom-risk.ts";
import { sizeCell } from "./size-cell.ts";

/** The size a deploy will use; `scenario` null: every scenario of the matrix. */
export interface CheckSize {
  cpus: number;
  memoryBytes: number;
  smol: boolean;
  scenario: string | null;
}

export interface CheckRequest extends CheckSize {
  targetPerSec: number;
  instances: number;
  settings: CloudRunSettings;
  /** Baseline ceilings by scenario, from a stored run or file. */
  baseline: Map<string, { ceilingPerSec: number; source: string }> | null;
  warnPct: number;
  failPct: number;
  notes?: string[];
}

export interface CheckDeps {
  /** Runs the cells of one size (one record per scenario); injected so tests fake Docker. */
  runCells(size: CheckSize): Promise<CellRecord[]>;
}

export const DEFAULT_WARN_PCT = 5;
export const DEFAULT_FAIL_PCT = 10;

const worst = (outcomes: CheckOutcome[]): CheckOutcome =>
  outcomes.includes("fail") ? "fail" : outcomes.includes("warn") ? "warn" : "pass";

const dropPct = (base: number, now: number | null) => (now === null ? 100 : ((base - now) / base) * 100);

function judge(record: CellRecord, request: CheckRequest, rerun: CellRecord | undefined): ScenarioCheck {
  const settings = { ...request.settings, targetPerSec: request.targetPerSec, maxInstances: undefined };
  const first = sizeCell(record, settings, resolveUnitPrices(settings));
  const second = rerun ? sizeCell(rerun, settings, resolveUnitPrices(settings)) : null;
  const firstCeiling = first.ceilingPerSec?.median ?? null;
  const secondCeiling = second?.ceilingPerSec?.median ?? null;
  // A confirming re-run rules out noise: keep the better of the two measurements.
  const sized = second && (secondCeiling ?? -1) > (firstCeiling ?? -1) ? second : first;
  const ceiling = sized.ceilingPerSec?.median ?? null;
  const reasons: string[] = [];
  const outcomes: CheckOutcome[] = ["pass"];
  const fail = (why: string) => {
    reasons.push(why);
    outcomes.push("fail");
  };
  const warn = (why: string) => {
    reasons.push(why);
    outcomes.push("warn");
  };
  const capacity = ceiling === null ? null : ceiling * request.instances * request.settings.utilizationTarget;
  if (sized.status !== "ok") fail(`the cell ended ${sized.status}: ${sized.message}`);
  else if (!sized.sloMet) fail(`no load met the p99 SLO of ${sized.sloP99Ms} ms`);
  if (capacity !== null && capacity < request.targetPerSec)
    fail(
      `capacity ${Math.round(capacity)} msg/s (ceiling ${Math.round(ceiling ?? 0)} × ${request.instances} instances × ` +
        `${request.settings.utilizationTarget}) is below the target ${request.targetPerSec} msg/s`,
    );
  for (const r of sized.deployability.reasons) fail(`not deployable on Cloud Run: ${r}`);
  if (sized.memoryHeadroom !== null && sized.memoryHeadroom < MIN_HEADROOM)
    warn(`memory headroom ${(sized.memoryHeadroom * 100).toFixed(0)}% is under ${MIN_HEADROOM * 100}%`);
  if (sized.noisy) warn("noisy measurement: ceiling CV over 10%");

  let baseline: BaselineComparison | null = null;
  const base = request.baseline?.get(record.cell.scenario);
  if (base) {
    const drop = dropPct(base.ceilingPerSec, firstCeiling);
    const rerunDrop = second ? dropPct(base.ceilingPerSec, secondCeiling) : null;
    const confirmed = Math.min(drop, rerunDrop ?? drop);
    baseline = {
      source: base.source,
      ceilingPerSec: base.ceilingPerSec,
      dropPct: drop,
      rerunDropPct: rerunDrop,
    };
    if (confirmed > request.failPct)
      fail(
        `ceiling dropped ${confirmed.toFixed(1)}% against the baseline (fail over ${request.failPct}%), confirmed by a re-run`,
      );
    else if (confirmed > request.warnPct)
      warn(`ceiling dropped ${confirmed.toFixed(1)}% against the baseline (warn over ${request.warnPct}%)`);
    else if (drop > request.failPct)
      warn(
        `first run dropped ${drop.toFixed(1)}% but the re-run dropped ${(rerunDrop ?? 0).toFixed(1)}%: treated as noise`,
      );
  } else if (request.baseline) warn("no baseline cell for this scenario and size");

  return {
    scenario: record.cell.scenario,
    cellId: record.cell.id,
    outcome: worst(outcomes),
    status: sized.status,
    ceilingPerSec: ceiling,
    p99AtCeilingMs: sized.p99AtCeilingMs,
    sloP99Ms: sized.sloP99Ms,
    capacityPerSec: capacity,
    peakMemoryBytes: sized.peakMemoryBytes,
    memoryHeadroom: sized.memoryHeadroom,
    baseline,
    reasons,
  };
}

/** Runs one size and judges it: capacity ≥ target, SLO met, deployable, no confirmed regression. */
export async function checkDeploy(request: CheckRequest, deps: CheckDeps): Promise<CheckVerdict> {
  const size: CheckSize = {
    cpus: request.cpus,
    memoryBytes: request.memoryBytes,
    smol: request.smol,
    scenario: request.scenario,
  };
  const records = await deps.runCells(size);
  const suspicious = records.some((r) => {
    const base = request.baseline?.get(r.cell.scenario);
    const ceiling = r.summary.ceilingPerSec?.median ?? null;
    return base !== undefined && dropPct(base.ceilingPerSec, ceiling) > request.failPct;
  });
  const reruns = suspicious ? await deps.runCells(size) : [];
  const scenarios = records.map((r) =>
    judge(
      r,
      request,
      reruns.find((x) => x.cell.scenario === r.cell.scenario),
    ),
  );
  const notes = [...(request.notes ?? [])];
  if (records.length === 0) notes.push("no cell matched this size and scenario");
  const outcome = records.length === 0 ? "fail" : worst(scenarios.map((s) => s.outcome));
  return {
    outcome,
    exitCode: outcome === "fail" ? 1 : 0,
    cpus: request.cpus,
    memoryBytes: request.memoryBytes,
    smol: request.smol,
    targetPerSec: request.targetPerSec,
    instances: request.instances,
    utilizationTarget: request.settings.utilizationTarget,
    reran: suspicious,
    scenarios,
    notes,
  };
}
