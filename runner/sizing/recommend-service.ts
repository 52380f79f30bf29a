import type { DriverRates, ScalingDriver } from "../cloudrun/autoscaler.ts";
import { checkDeployability } from "../cloudrun/deployability.ts";
import { gcloudCommand, scalingNote } from "../cloudrun/gcloud-command.ts";
import { type BillingPrices, priceBillings } from "../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { rateText, sizeLabel } from "../units/units.ts";
import { type CellSizing, MIN_HEADROOM } from "./cell-sizing.ts";
import { planInstances } from "./instance-plan.ts";
import { mixDriverRates, mixEgressBytes, mixedCapacity, serviceMaxInstances } from "./mixed-rates.ts";
import { contentionWarning } from "./pick-strategies.ts";
import type { ServiceRecommendation, ServiceWorkload } from "./service-recommendation.ts";
import { cellConcurrency, deployConcurrency } from "./size-cell.ts";
import type { ScenarioSizing } from "./sizing-report.ts";

export interface ServiceAnswer {
  recommendation: ServiceRecommendation | null;
  findings: string[];
}

interface Candidate {
  cells: Array<{ cell: CellSizing; share: number }>;
  mixedPerSec: number;
  instances: number;
  driver: ScalingDriver;
  rates: DriverRates;
  egressBytesPerRequest: number | null;
  priced: BillingPrices;
}

/** Everything but the instance cap: a cell the mix may stand on (its own instance count no longer applies). */
const usable = (c: CellSizing) =>
  c.status === "ok" &&
  c.sloMet &&
  (c.planningCeilingPerSec ?? 0) > 0 &&
  c.memoryHeadroom !== null &&
  c.memoryHeadroom >= MIN_HEADROOM &&
  c.deployability.deployable;

const sizeKey = (c: CellSizing, settings: CloudRunSettings) =>
  `${c.cpus}|${c.memoryBytes}|${c.smol}|${cellConcurrency(c, settings)}`;

/** Per size, each scenario's weakest usable cell there (a scenario with flag axes has several). */
export function cellsBySize(sections: ScenarioSizing[], settings: CloudRunSettings) {
  const bySize = new Map<string, Map<string, CellSizing>>();
  for (const s of sections)
    for (const c of s.cells.filter(usable)) {
      const key = sizeKey(c, settings);
      const at = bySize.get(key) ?? new Map<string, CellSizing>();
      const held = at.get(s.scenario);
      if (!held || (c.planningCeilingPerSec ?? 0) < (held.planningCeilingPerSec ?? 0)) at.set(s.scenario, c);
      bySize.set(key, at);
    }
  return bySize;
}

function candidate(
  at: Map<string, CellSizing>,
  shares: Map<string, number>,
  settings: CloudRunSettings,
): Candidate | null {
  const cells = [...shares].map(([scenario, share]) => ({ cell: at.get(scenario), share }));
  if (cells.some((p) => p.cell === undefined)) return null;
  const parts = cells as Array<{ cell: CellSizing; share: number }>;
  const mixedPerSec = mixedCapacity(
    parts.map((p) => ({ share: p.share, ceilingPerSec: p.cell.planningCeilingPerSec ?? 0 })),
  );
  const first = parts[0]?.cell;
  if (mixedPerSec === null || !first) return null;
  const rates = mixDriverRates(parts, mixedPerSec) ?? {
    ceilingPerSec: mixedPerSec,
    cpuPerSec: mixedPerSec * settings.utilizationTarget,
    concurrencyPerSec: null,
    basis: "a cell of the mix has no driver rates: the ceiling at cloudRun.utilizationTarget",
  };
  const plan = planInstances(rates, settings);
  if (!plan.fits || plan.instances === null || plan.driver === null) return null;
  const egressBytesPerRequest = mixEgressBytes(parts);
  const p50s = parts.map((p) => p.cell.p50AtCeilingMs);
  const p50Ms = p50s.every((v) => v !== null)
    ? parts.reduce((sum, p) => sum + p.share * (p.cell.p50AtCeilingMs ?? 0), 0)
    : null;
  const concurrency = cellConcurrency(first, settings);
  const size = {
    cpus: first.cpus,
    memoryBytes: first.memoryBytes,
    instances: plan.instances,
    ceilingPerSec: mixedPerSec,
    p50Ms,
    concurrency,
    egressBytesPerRequest,
  };
  const priced = priceBillings(size, settings);
  if (!checkDeployability(first.cpus, first.memoryBytes, { billing: priced.billing, concurrency }).deployable)
    return null;
  return {
    cells: parts,
    mixedPerSec,
    instances: plan.instances,
    driver: plan.driver,
    rates,
    egressBytesPerRequest,
    priced,
  };
}

function toRecommendation(best: Candidate, settings: CloudRunSettings): ServiceRecommendation {
  const first = best.cells[0]?.cell as CellSizing;
  const concurrency = cellConcurrency(first, settings);
  const maxInstances = serviceMaxInstances(settings, best.instances);
  const other = best.priced.billing === "request" ? "instance" : "request";
  const workloads: ServiceWorkload[] = best.cells.map(({ cell, share }) => ({
    scenario: cell.scenario,
    share,
    cellId: cell.cellId,
    planningCeilingPerSec: cell.planningCeilingPerSec ?? 0,
    wide: cell.spread?.wide ?? false,
    repetitions: cell.repetitions,
    contendedRepetitions: cell.contendedRepetitions ?? 0,
    cpuCoresAtCeiling: cell.cpuCoresAtCeiling ?? null,
  }));
  const repetitions = workloads.reduce((sum, w) => sum + w.repetitions, 0);
  const contended = workloads.reduce((sum, w) => sum + w.contendedRepetitions, 0);
  const warnings = best.cells.flatMap(({ cell }) =>
    cell.spread?.wide
      ? [`${cell.scenario} is wide: planned on its lowest confirmed repetition`]
      : cell.spread?.basis === "single-repetition"
        ? [`${cell.scenario} ran one repetition: its spread is unknown`]
        : [],
  );
  const contention = contentionWarning(contended, repetitions);
  if (contention) warnings.push(contention);
  return {
    cpus: first.cpus,
    memoryBytes: first.memoryBytes,
    smol: first.smol,
    concurrency,
    instances: best.instances,
    scalingDriver: best.driver,
    driverRates: best.rates,
    maxInstances,
    targetPerSec: settings.targetPerSec,
    egressBytesPerRequest: best.egressBytesPerRequest,
    mixedCapacityPerSec: best.mixedPerSec,
    billing: best.priced.billing,
    costPerHourUsd: best.priced.cost.costPerHourUsd,
    otherBillingCostPerHourUsd: best.priced.byBilling[other]?.costPerHourUsd ?? null,
    gcloud: gcloudCommand({
      ...settings,
      ...first,
      instances: best.instances,
      maxInstances,
      concurrency: measuredConcurrency(best.cells, settings) ?? concurrency,
      billing: best.priced.billing,
      executionEnvironment: first.deployability.executionEnvironment,
    }),
    scalingNote: scalingNote(settings.scaling),
    workloads,
    repetitions,
    contendedRepetitions: contended,
    warnings,
    assumption: MIXED_CAPACITY_ASSUMPTION,
  };
}

/** The concurrency search's answer for the mix: the lowest every cell held; null unless each cell has one. */
function measuredConcurrency(cells: Candidate["cells"], settings: CloudRunSettings): number | null {
  if (cells.some(({ cell }) => !cell.concurrencySearch?.recommended)) return null;
  return Math.min(...cells.map(({ cell }) => deployConcurrency(cell, settings)));
}

/**
 * One size, instance count, concurrency and billing for the whole service at targetPerSec: every size where each
 * scenario in the mix has a usable cell, its mixed capacity from their planning ceilings, the cheapest wins.
 */
export function recommendService(sections: ScenarioSizing[], settings: CloudRunSettings): ServiceAnswer {
  if (sections.some((s) => s.variant !== undefined))
    return {
      recommendation: null,
      findings: ["With variants each build is a service of its own: see each variant's section."],
    };
  const scenarios = [...new Set(sections.map((s) => s.scenario))];
  const { shares, notes } = trafficShares(scenarios, settings.traffic);
  const findings = [...notes];
  if (shares.size === 0)
    return { recommendation: null, findings: [...findings, "No scenario is in the mix."] };
  const mix = [...shares].map(([s, share]) => `${s} ${(share * 100).toFixed(0)}%`).join(", ");
  const units = new Set(sections.filter((s) => shares.has(s.scenario)).map((s) => s.rateUnit ?? "/s"));
  const candidates = [...cellsBySize(sections, settings).values()]
    .map((at) => candidate(at, shares, settings))
    .filter((c): c is Candidate => c !== null)
    .sort(
      (a, b) =>
        a.priced.cost.costPerHourUsd - b.priced.cost.costPerHourUsd ||
        (a.cells[0]?.cell.cpus ?? 0) - (b.cells[0]?.cell.cpus ?? 0),
    );
  const best = candidates[0];
  findings.push(
    shares.size === 1
      ? `One scenario in the mix (${mix}): the service's answer is its own.`
      : `Traffic mix: ${mix}${settings.traffic ? " (cloudRun.traffic)" : " (an equal split: set cloudRun.traffic to change it)"}.`,
  );
  if (units.size > 1)
    findings.push(
      `The scenarios count different units (${[...units].join(", ")}): the mix counts one of each as one request.`,
    );
  if (!best) {
    findings.push(
      `No size serves ${rateText(settings.targetPerSec, [...units][0])} for the whole mix: none has an eligible cell ` +
        "(ok, SLO met, ≥ 20% memory headroom, deployable, within maxInstances) for every scenario in it. See the sections below.",
    );
    return { recommendation: null, findings };
  }
  const recommendation = toRecommendation(best, settings);
  findings.push(
    `${candidates.length} size(s) serve the whole mix; the cheapest is ${sizeLabel(recommendation)}. ${MIXED_CAPACITY_ASSUMPTION}.`,
  );
  return { recommendation, findings };
}

export interface TrafficShares {
  /** Scenario → share of the service's requests, summing to 1; scenarios left out of the mix are absent. */
  shares: Map<string, number>;
  notes: string[];
}

/** cloudRun.traffic normalised over the scenarios this run measured; without it, an equal split. */
export function trafficShares(scenarios: readonly string[], traffic?: Record<string, number>): TrafficShares {
  const notes: string[] = [];
  if (!traffic) {
    const share = 1 / Math.max(1, scenarios.length);
    return { shares: new Map(scenarios.map((s) => [s, share])), notes };
  }
  const known = Object.entries(traffic).filter(([name]) => scenarios.includes(name));
  const unknown = Object.keys(traffic).filter((name) => !scenarios.includes(name));
  if (unknown.length > 0)
    notes.push(
      `cloudRun.traffic names ${unknown.join(", ")}, which this run did not measure: left out of the mix.`,
    );
  const outside = scenarios.filter((s) => traffic[s] === undefined);
  if (outside.length > 0 && known.length > 0)
    notes.push(`Not in cloudRun.traffic, so left out of the service's mix: ${outside.join(", ")}.`);
  const total = known.reduce((sum, [, share]) => sum + share, 0);
  return { shares: new Map(known.map(([name, share]) => [name, share / total])), notes };
}

/** The assumption behind mixedCapacity, as the reports print it. */
export const MIXED_CAPACITY_ASSUMPTION =
  "mixed capacity = 1 ÷ Σ(share ÷ planning ceiling): the endpoints are assumed CPU-additive (each request costs its " +
  "own endpoint's measured instance time, and endpoints neither speed up nor slow down one another); a `requests:` " +
  "mix cell measures the real mix when caches, locks or GC couple them";
