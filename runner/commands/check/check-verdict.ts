import { z } from "zod";
import type { HostProbe } from "../../../contract/host-probe.ts";
import type { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { compareProbes, SameHostError } from "../../host/host-probe.ts";
import { type CellRecord, RateUnit, rateUnitOf } from "../../results/cell-record.ts";
import { measureCell } from "../../sizing/cell-measurements.ts";
import { type CellSizing, MIN_HEADROOM } from "../../sizing/cell-sizing.ts";
import { noLoadMetSlo, sizeCell } from "../../sizing/size-cell.ts";

export const CheckOutcome = z.enum(["pass", "warn", "fail"]);
export type CheckOutcome = z.infer<typeof CheckOutcome>;

export const BaselineComparison = z
  .object({
    source: z.string(),
    ceilingPerSec: z.number(),
    dropPct: z.number().describe("(baseline − measured) ÷ baseline × 100; negative is a gain"),
    rerunDropPct: z.number().nullable().describe("after the confirming re-run; null when none was needed"),
    probe: z
      .string()
      .nullable()
      .optional()
      .describe(
        "how the two hosts' probes were read: the normalised label, a warning, or null (one host speed)",
      ),
    measuredCeilingPerSec: z
      .number()
      .optional()
      .describe(
        "the baseline's own ceiling before normalising by the probes (ceilingPerSec is the scaled one)",
      ),
  })
  .strict();
export type BaselineComparison = z.infer<typeof BaselineComparison>;

export const ScenarioCheck = z
  .object({
    scenario: z.string(),
    cellId: z.string(),
    outcome: CheckOutcome,
    status: z.string(),
    ceilingPerSec: z.number().nullable(),
    p99AtCeilingMs: z.number().nullable(),
    sloP99Ms: z.number(),
    capacityPerSec: z.number().nullable().describe("ceiling × instances × utilization"),
    peakMemoryBytes: z.number().nullable(),
    memoryHeadroom: z.number().nullable(),
    baseline: BaselineComparison.nullable(),
    judgedRun: z
      .enum(["first run", "re-run"])
      .describe("the run the verdict stands on: the worse of the two"),
    reasons: z.array(z.string()).describe("why it failed or warned"),
    rateUnit: RateUnit.optional().describe("what the rates count (absent in older verdicts)"),
  })
  .strict();
export type ScenarioCheck = z.infer<typeof ScenarioCheck>;

/** The pre-deploy check's answer: exit 0 on pass/warn, 1 on fail. */
export const CheckVerdict = z
  .object({
    outcome: CheckOutcome,
    exitCode: z.union([z.literal(0), z.literal(1)]),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    targetPerSec: z.number(),
    instances: z.number().int(),
    utilizationTarget: z.number(),
    reran: z.boolean(),
    scenarios: z.array(ScenarioCheck),
    notes: z.array(z.string()),
  })
  .strict();
export type CheckVerdict = z.infer<typeof CheckVerdict>;

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
  /** Baseline ceilings by scenario, from a stored run or file, with the host probe each was measured at. */
  baseline: Map<string, BaselineCeiling> | null;
  /** Refuse (SameHostError) instead of normalising when the probes differ by more than 10%. */
  sameHost?: boolean;
  warnPct: number;
  failPct: number;
  notes?: string[];
}

export interface CheckDeps {
  /** Runs the cells of one size (one record per scenario); injected so tests fake Docker. */
  runCells(size: CheckSize): Promise<CellRecord[]>;
}

export interface BaselineCeiling {
  ceilingPerSec: number;
  source: string;
  probe?: HostProbe | null;
  /** Set by normalising: how the probes were read, and the ceiling before scaling. */
  probeNote?: string | null;
  measuredCeilingPerSec?: number;
}

/**
 * The baseline read on this host's speed: within 10% in probe as it is; beyond, its ceilings scaled by the composite
 * ratio (or refused under sameHost); without a probe on either side as it is, with a warning in the notes.
 */
function normaliseBaseline(
  baseline: Map<string, BaselineCeiling> | null,
  here: HostProbe | null,
  sameHost: boolean,
  notes: string[],
): Map<string, BaselineCeiling> | null {
  if (!baseline) return null;
  const out = new Map<string, BaselineCeiling>();
  for (const [scenario, base] of baseline) {
    const c = compareProbes(here, base.probe ?? null);
    if (c.kind === "normalised" && sameHost) throw new SameHostError(c.label);
    if (c.kind === "missing" || c.kind === "versions") {
      const warning = `baseline ${base.source}: ${c.warning}`;
      if (!notes.includes(warning)) notes.push(warning);
    }
    const note = c.kind === "normalised" ? c.label : c.kind === "same" ? null : c.warning;
    out.set(scenario, {
      ...base,
      ceilingPerSec: base.ceilingPerSec * c.scale,
      probeNote: note,
      ...(c.kind === "normalised" ? { measuredCeilingPerSec: base.ceilingPerSec } : {}),
    });
  }
  return out;
}

export const DEFAULT_WARN_PCT = 5;
export const DEFAULT_FAIL_PCT = 10;

const worst = (outcomes: CheckOutcome[]): CheckOutcome =>
  outcomes.includes("fail") ? "fail" : outcomes.includes("warn") ? "warn" : "pass";

const dropPct = (base: number, now: number | null) => (now === null ? 100 : ((base - now) / base) * 100);

function judge(record: CellRecord, request: CheckRequest, rerun: CellRecord | undefined): ScenarioCheck {
  const settings = { ...request.settings, targetPerSec: request.targetPerSec, maxInstances: undefined };
  const first = sizeCell(record, settings);
  const second = rerun ? sizeCell(rerun, settings) : null;
  const firstCeiling = first.ceilingPerSec?.median ?? null;
  const secondCeiling = second?.ceilingPerSec?.median ?? null;
  // A gate judges conservatively: the worse of the two runs (no ceiling is worst), and says which one it was.
  const judgedRun = second && worseRun(first, second) === second ? "re-run" : "first run";
  const sized = judgedRun === "re-run" && second ? second : first;
  // Capacity stands on the planning figure: the median, or a wide cell's lowest confirmed repetition.
  const ceiling = sized.planningCeilingPerSec ?? null;
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
  const unit = rateUnitOf(record.cell);
  const capacity = ceiling === null ? null : ceiling * request.instances * request.settings.utilizationTarget;
  const which = second ? ` (${judgedRun}, the worse of two runs)` : "";
  if (sized.status !== "ok") fail(`the cell ended ${sized.status}${which}: ${sized.message}`);
  else if (!sized.sloMet)
    fail(`${noLoadMetSlo(sized.sloP99Ms, judgedRun === "re-run" && rerun ? rerun : record)}${which}`);
  if (capacity !== null && capacity < request.targetPerSec)
    fail(
      `capacity ${Math.round(capacity)} ${unit} (ceiling ${Math.round(ceiling ?? 0)} × ${request.instances} instances × ` +
        `${request.settings.utilizationTarget}) is below the target ${request.targetPerSec} ${unit}${which}`,
    );
  for (const r of sized.deployability.reasons) fail(`not deployable on Cloud Run: ${r}`);
  if (sized.memoryHeadroom !== null && sized.memoryHeadroom < MIN_HEADROOM)
    warn(`memory headroom ${(sized.memoryHeadroom * 100).toFixed(0)}% is under ${MIN_HEADROOM * 100}%`);
  const spread = sized.spread;
  if (spread?.wide) {
    const wide = `wide: ceiling CV ${(spread.cv * 100).toFixed(1)}% over ${spread.repetitions} repetitions${which}`;
    warn(
      (sized.contendedRepetitions ?? 0) > 0
        ? `${wide}: other host load disturbed ${sized.contendedRepetitions} repetition(s); re-run on a quiet host before trusting it`
        : `${wide}: the host was quiet, so the ceiling varies between containers; gated on its lowest confirmed (${Math.round(ceiling ?? 0)} ${unit})`,
    );
  } else if (sized.noisy) warn(`noisy measurement: ceiling CV over 10%${which}`);

  let baseline: BaselineComparison | null = null;
  const base = request.baseline?.get(record.cell.scenario);
  if (base) {
    const drop = dropPct(base.ceilingPerSec, firstCeiling);
    const rerunDrop = second ? dropPct(base.ceilingPerSec, secondCeiling) : null;
    const judgedDrop = judgedRun === "re-run" ? (rerunDrop ?? drop) : drop;
    baseline = {
      source: base.source,
      ceilingPerSec: base.ceilingPerSec,
      dropPct: drop,
      rerunDropPct: rerunDrop,
      probe: base.probeNote ?? null,
      ...(base.measuredCeilingPerSec === undefined
        ? {}
        : { measuredCeilingPerSec: base.measuredCeilingPerSec }),
    };
    const against =
      base.measuredCeilingPerSec === undefined ? "the baseline" : `the baseline, ${base.probeNote}`;
    const runs =
      rerunDrop === null
        ? ""
        : ` (judged on the ${judgedRun}, the worse: first run ${drop.toFixed(1)}%, re-run ${rerunDrop.toFixed(1)}%; ` +
          `${Math.max(drop, rerunDrop) > request.failPct && Math.min(drop, rerunDrop) <= request.failPct ? "the runs disagree" : "confirmed by a re-run"})`;
    if (judgedDrop > request.failPct)
      fail(
        `ceiling dropped ${judgedDrop.toFixed(1)}% against ${against} (fail over ${request.failPct}%)${runs}`,
      );
    else if (judgedDrop > request.warnPct)
      warn(
        `ceiling dropped ${judgedDrop.toFixed(1)}% against ${against} (warn over ${request.warnPct}%)${runs}`,
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
    judgedRun,
    reasons,
    rateUnit: unit,
  };
}

/** The run a cautious gate trusts less: failing status, then no ceiling, then the lower ceiling. */
function worseRun(first: CellSizing, second: CellSizing): CellSizing {
  const rank = (c: CellSizing) => [Number(c.status === "ok"), c.ceilingPerSec?.median ?? -1] as const;
  const [okA, ceilingA] = rank(first);
  const [okB, ceilingB] = rank(second);
  return okB < okA || (okB === okA && ceilingB < ceilingA) ? second : first;
}

/** Runs one size and judges it: capacity ≥ target, SLO met, deployable, no confirmed regression. */
export async function checkDeploy(asked: CheckRequest, deps: CheckDeps): Promise<CheckVerdict> {
  const size: CheckSize = {
    cpus: asked.cpus,
    memoryBytes: asked.memoryBytes,
    smol: asked.smol,
    scenario: asked.scenario,
  };
  const records = await deps.runCells(size);
  const notes = [...(asked.notes ?? [])];
  // This run's host speed: the probe its first repetition recorded (the run's start probe).
  const here = records.flatMap((r) => r.repetitions).find((x) => x.hostProbe)?.hostProbe ?? null;
  const baseline = normaliseBaseline(asked.baseline, here, asked.sameHost ?? false, notes);
  const request: CheckRequest = { ...asked, baseline };
  const suspicious = records.some((r) => {
    const base = request.baseline?.get(r.cell.scenario);
    const ceiling = measureCell(r, request.settings.sloP99Ms).ceilingPerSec?.median ?? null; // as judged
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
