import { gcloudCommand } from "../cloudrun/gcloud-command.ts";
import type { BillingMode } from "../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { rateText } from "../units/units.ts";
import type { CellSizing } from "./cell-sizing.ts";
import { serviceMaxInstances } from "./mixed-rates.ts";
import { cellConcurrency, deployConcurrency } from "./size-cell.ts";
import type { SizePick, Strategy } from "./sizing-report.ts";

/** One way to deploy: a measured size under one billing mode, priced at the target. */
export interface DeployOption {
  cell: CellSizing;
  billing: BillingMode;
  costPerHourUsd: number;
}

export interface Picked {
  cheapest: DeployOption | null;
  fastest: DeployOption | null;
  balanced: DeployOption | null;
}

const cost = (o: DeployOption) => o.costPerHourUsd;
const p99 = (o: DeployOption) => o.cell.p99AtCeilingMs as number;

function normaliser(values: number[]): (v: number) => number {
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  return (v) => (span === 0 ? 0 : (v - min) / span);
}

const by =
  (...keys: Array<(o: DeployOption) => number>) =>
  (a: DeployOption, b: DeployOption) => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return a.cell.cellId.localeCompare(b.cell.cellId) || a.billing.localeCompare(b.billing);
  };

/**
 * Every eligible cell under the billing mode that prices it lowest. Its other mode has the same p99 at a higher
 * cost, so no strategy could pick it; left in, it would only stretch the balanced score's cost range.
 */
export function deployOptions(cells: CellSizing[]): DeployOption[] {
  return cells
    .filter((c) => c.eligible && c.costPerHourUsd !== null && c.p99AtCeilingMs !== null)
    .flatMap((cell) => {
      const byBilling = cell.costPerHourUsdByBilling ?? { request: cell.costPerHourUsd, instance: null };
      const priced = (Object.entries(byBilling) as Array<[BillingMode, number | null]>).flatMap(
        ([billing, usd]) => (usd === null ? [] : [{ cell, billing, costPerHourUsd: usd }]),
      );
      return priced.sort((a, b) => a.costPerHourUsd - b.costPerHourUsd).slice(0, 1);
    });
}

/**
 * Like AWS Lambda Power Tuning, over sizes and billing modes together: cheapest (cost per hour), fastest (p99 at
 * the ceiling, then cost), balanced (costWeight × normalised cost + (1 − costWeight) × normalised p99, min-max over
 * the options).
 */
export function pickStrategies(cells: CellSizing[], costWeight: number): Picked {
  const options = deployOptions(cells);
  if (options.length === 0) return { cheapest: null, fastest: null, balanced: null };
  const normCost = normaliser(options.map(cost));
  const normP99 = normaliser(options.map(p99));
  const score = (o: DeployOption) => costWeight * normCost(cost(o)) + (1 - costWeight) * normP99(p99(o));
  const first = (sorter: (a: DeployOption, b: DeployOption) => number) =>
    [...options].sort(sorter)[0] ?? null;
  return {
    cheapest: first(by(cost, p99)),
    fastest: first(by(p99, cost)),
    balanced: first(by(score, cost, p99)),
  };
}

export const STRATEGY_LABELS: Record<Strategy, string> = {
  cheapest: "cheapest (lowest cost per hour at the target, either billing mode)",
  fastest: "fastest (lowest p99 at the ceiling)",
  balanced: "balanced (weighted cost and p99)",
};

/** A strategy's answer: the option's size, instances, bill under its billing mode, and the deploy line. */
export function toSizePick(
  strategy: Strategy,
  option: DeployOption | null,
  settings: CloudRunSettings,
): SizePick | null {
  const cell = option?.cell;
  if (!option || !cell || cell.instances === null || cell.p99AtCeilingMs === null) return null;
  const maxInstances = serviceMaxInstances(settings, cell.instances);
  const concurrency = cellConcurrency(cell, settings);
  const other = option.billing === "request" ? "instance" : "request";
  const messagesPerHour = settings.targetPerSec * 3600;
  return {
    strategy,
    cellId: cell.cellId,
    cpus: cell.cpus,
    memoryBytes: cell.memoryBytes,
    smol: cell.smol,
    instances: cell.instances,
    ...(cell.scalingDriver ? { scalingDriver: cell.scalingDriver } : {}),
    maxInstances,
    costPerHourUsd: option.costPerHourUsd,
    costPerMillionMessagesUsd: option.costPerHourUsd / (messagesPerHour / 1_000_000),
    p99AtCeilingMs: cell.p99AtCeilingMs,
    ceilingPerSec: cell.ceilingPerSec?.median ?? 0,
    noisy: cell.noisy,
    gcloud: gcloudCommand({
      ...settings,
      ...cell,
      instances: cell.instances,
      maxInstances,
      concurrency: deployConcurrency(cell, settings),
      billing: option.billing,
      executionEnvironment: cell.deployability.executionEnvironment,
    }),
    planningCeilingPerSec: cell.planningCeilingPerSec ?? cell.ceilingPerSec?.median ?? 0,
    wide: cell.spread?.wide ?? false,
    concurrency,
    billing: option.billing,
    otherBillingCostPerHourUsd: cell.costPerHourUsdByBilling?.[other] ?? null,
    repetitions: cell.repetitions,
    contendedRepetitions: cell.contendedRepetitions ?? 0,
    warnings: verdictWarnings(cell),
  };
}

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** "k of n repetitions (p%) ... disturbed", when other host load disturbed any repetition a verdict rests on. */
export function contentionWarning(contended: number, repetitions: number): string | null {
  if (contended <= 0 || repetitions <= 0) return null;
  return (
    `rests on contended repetitions: ${contended} of ${repetitions} (${pct(contended, repetitions)}) ran while other ` +
    "load on the host disturbed them (even after a re-run); re-run on a quiet host to confirm"
  );
}

/** What a recommendation of this cell rests on that its reader should weigh: spread, one repetition, contention. */
export function verdictWarnings(cell: CellSizing): string[] {
  const out: string[] = [];
  const spread = cell.spread;
  if (spread?.wide)
    out.push(
      `wide: planned on its lowest confirmed repetition, ${rateText(cell.planningCeilingPerSec ?? 0, cell.rateUnit)} ` +
        `(repetitions ${Math.round(spread.minPerSec).toLocaleString("en-US")}–${rateText(spread.maxPerSec, cell.rateUnit)}, ` +
        `CV ${(spread.cv * 100).toFixed(1)}%)`,
    );
  else if (spread?.basis === "single-repetition") out.push("one repetition: its spread is unknown");
  const contended = contentionWarning(cell.contendedRepetitions ?? 0, cell.repetitions);
  if (contended) out.push(contended);
  return out;
}
