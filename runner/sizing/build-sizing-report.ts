import type { HostProbe } from "../../contract/host-probe.ts";
import { checkDeployability } from "../cloudrun/deployability.ts";
import { DERIVED_PRICE_NOTES, PRICES_DATED, PRICES_SOURCE, resolveUnitPrices } from "../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { dayProfile, type TrafficProfile } from "../config/traffic-profile.ts";
import { TOOL } from "../package/tool-home.ts";
import { type CellRecord, latencyKindOf, rateUnitOf } from "../results/cell-record.ts";
import type { StoredCalibration } from "../results/cloud-run-calibration.ts";
import type { MemorySearchResult } from "../results/memory-search-record.ts";
import { calibrationFor } from "./cell-calibration.ts";
import type { CellSizing, SmolDelta } from "./cell-sizing.ts";
import { planDay } from "./day-plan/day-plan.ts";
import { errorCauseFindings } from "./error-cause-findings.ts";
import { cellProbeComposite, hostSummary, probeGapNote } from "./host-summary.ts";
import { memoryAnswers, withSearchedMemory } from "./memory-answer.ts";
import { pickStrategies, toSizePick } from "./pick-strategies.ts";
import { concurrencyFindings } from "./recommend-concurrency.ts";
import { recommendService } from "./recommend-service.ts";
import { scenarioFindings } from "./scenario-findings.ts";
import { sizeCell } from "./size-cell.ts";
import type { ScenarioSizing, SizingReport } from "./sizing-report.ts";
import { variantComparison, variantFacts } from "./variant-comparison.ts";

export interface BuildSizingOptions {
  runId: string;
  settings: CloudRunSettings;
  generatedAt?: string;
  /** Variant names in plan order (the first is the A/B baseline). */
  variantOrder?: string[];
  /** Every cell the run planned: those without a record are reported as missing. */
  plannedCellIds?: readonly string[];
  /** A day's traffic (`report --traffic`); without it, cloudRun.day when set. */
  traffic?: TrafficProfile;
  /** The host the run measured on and its probes (run.json); absent: the report names no host. */
  host?: { cpuModel: string; probes: readonly HostProbe[] | undefined };
  /** Cloud Run calibrations (loaded by the command pipeline; none: plan on local figures). */
  calibrations?: readonly StoredCalibration[];
  /** The probe composite to set calibrations and cloudRun.targetProbe against; absent: each cell's own probes. */
  hostProbeComposite?: number | null;
  /** The run's memory searches (memory-search.json): searched cells are planned at the memory found. */
  memorySearches?: readonly MemorySearchResult[];
}

type Calibrate = (record: CellRecord) => ReturnType<typeof calibrationFor>;

interface Adjust {
  calibrate: Calibrate;
  probeOf: (record: CellRecord) => number | null;
}

const order = (a: CellSizing, b: CellSizing) =>
  a.cpus - b.cpus ||
  a.memoryBytes - b.memoryBytes ||
  Number(a.smol) - Number(b.smol) ||
  a.cellId.localeCompare(b.cellId);

function sizeScenario(
  scenario: string,
  records: CellRecord[],
  settings: CloudRunSettings,
  adjust: Adjust,
): ScenarioSizing {
  const sized = records
    .map((r) => ({
      ...sizeCell(r, settings, adjust.calibrate(r), adjust.probeOf(r)),
      ...variantFacts(r),
    }))
    .sort(order);
  const cells = sized.map((c) => ({ ...c, smolDelta: smolDelta(c, sized) }));
  const picked = pickStrategies(cells, settings.balancedCostWeight);
  const picks = {
    cheapest: toSizePick("cheapest", picked.cheapest, settings),
    fastest: toSizePick("fastest", picked.fastest, settings),
    balanced: toSizePick("balanced", picked.balanced, settings),
  };
  const first = records[0];
  return {
    scenario,
    sloP99Ms: settings.sloP99Ms ?? first?.cell.sloP99Ms ?? 0,
    cells,
    picks,
    recommendation: picks.cheapest,
    findings: [
      ...scenarioFindings(cells, picks.cheapest, settings),
      ...concurrencyFindings(cells, picks.cheapest),
      ...errorCauseFindings(records, first ? rateUnitOf(first.cell) : undefined),
    ],
    // One script per scenario, so its cells share what they count; the first cell's speaks for them.
    ...(first
      ? {
          rateUnit: rateUnitOf(first.cell),
          latencyKind: records.map(latencyKindOf).find((kind) => kind !== null) ?? null,
        }
      : {}),
  };
}

/** A calibration file, its date and whether plans may apply it (each problem named; wide when its repetitions spread). */
function calibrationStatus(stored: StoredCalibration): string {
  const c = stored.calibration;
  const status =
    c.problems.length > 0
      ? `never applied: ${c.problems.map((p) => p.kind).join(", ")}`
      : `applicable${c.repetitions.wide ? ", wide" : ""}${c.instances.header === null ? ", scale-out not checked" : ""}`;
  return `${stored.path.split("/").at(-1)} of ${c.takenAt.slice(0, 10)} (${status})`;
}

/** Turns a run's finished cells into the sizing answer: per scenario, every cell sized and three picks. */
export function buildSizingReport(measured: CellRecord[], options: BuildSizingOptions): SizingReport {
  const { settings } = options;
  const all = withSearchedMemory(measured, options.memorySearches ?? []);
  const answers = memoryAnswers(options.memorySearches ?? []);
  const calibrations = options.calibrations ?? [];
  // Each cell is set against the probes nearest its repetitions unless the caller names one composite.
  const probeOf = (record: CellRecord) =>
    options.hostProbeComposite !== undefined ? options.hostProbeComposite : cellProbeComposite(record);
  // Only server-mode cells have a Cloud Run --concurrency to look a calibration up by.
  const calibrate: Calibrate = (record) =>
    typeof record.cell.concurrency === "number"
      ? calibrationFor(
          {
            scenario: record.cell.scenario,
            // The environment Cloud Run would run this size in: forced gen1 below 1 vCPU or 512 MiB, else gen2.
            executionEnvironment:
              checkDeployability(record.cell.cpus, record.cell.memoryBytes, {
                billing: "request",
                concurrency: record.cell.concurrency,
              }).executionEnvironment ?? "gen2",
            cpus: record.cell.cpus,
            memoryBytes: record.cell.memoryBytes,
            concurrency: record.cell.concurrency,
          },
          calibrations,
          probeOf(record),
        )
      : null;
  // Fixed-shape workloads (search: false) have no ceiling to size by: the reports show their figures apart.
  const records = all.filter((r) => !r.cell.service?.fixed);
  const scenarios = [...new Set(records.map((r) => r.cell.scenario))].sort();
  // With variants, one section per scenario and variant: each build gets its own recommendation.
  const sized = scenarios.flatMap((s) =>
    variantsOf(records, s).map((v) => ({
      ...sizeScenario(
        s,
        records.filter((r) => r.cell.scenario === s && r.cell.variant?.name === v),
        settings,
        { calibrate, probeOf },
      ),
      ...(v === undefined ? {} : { variant: v }),
    })),
  );
  const sizedCells = sized.flatMap((s) => s.cells);
  const comparison = variantComparison(sizedCells, options.variantOrder);
  const searchSeconds = sizedCells.reduce((sum, c) => sum + c.searchSeconds, 0);
  const exhaustiveSweepSeconds = sizedCells.reduce((sum, c) => sum + c.exhaustiveSweepSeconds, 0);
  const assumptions = [
    "one message = one Cloud Run request (request-based billing charges per request)",
    "planning ceiling = the median when a cell's repetitions agree (CV ≤ 5%, all confirmed), else its lowest confirmed repetition",
    "manual" in settings.scaling
      ? `instances = ${settings.scaling.manual} (cloudRun.scaling.manual)`
      : `instances = Cloud Run's count at the target: the larger of ceil(target ÷ the rate where CPU reaches ${settings.scaling.cpuTarget} of the quota) and ceil(target ÷ the rate where requests in flight reach ${settings.scaling.concurrencyTarget} × --concurrency), read off each cell's measured curve (no CPU measured: the ceiling × ${settings.utilizationTarget}); at least minInstances and 1`,
    "instance-based billing charges every planned instance the whole hour at the target rate (peak load)",
    "request-based billing charges 100 ms slots with a request in flight: 1 − (1 − ρ)·e^(−0.1·λ) at concurrency 1 " +
      "(ρ = λ ÷ ceiling), above it 1 − e^(−λ·(W + 0.1)), with λ one instance's requests/s and W the p50 at the ceiling",
    "below 1 vCPU Cloud Run allows request-based billing only",
    settings.egressUsdPerGiB > 0
      ? `egress: each request's measured response bytes at $${settings.egressUsdPerGiB}/GiB (cloudRun.egressUsdPerGiB)`
      : "egress not priced (cloudRun.egressUsdPerGiB: 0)",
    "hourly costs leave the free tier out (the day plan's monthly bill names it)",
    calibrations.length > 0
      ? `planning ceilings of CPU-bound cells are this host's × the revision ÷ local ratio of a Cloud Run calibration of their scenario, environment and size; the local figure is kept beside it. Calibrations: ${calibrations.map(calibrationStatus).join(", ")}`
      : `ceilings were measured on this host under Docker CPU/memory limits; Cloud Run CPUs may be faster or slower (no calibration: docs/calibrate.md)`,
  ];
  const recorded = new Set(all.map((r) => r.cell.id));
  const missing = (options.plannedCellIds ?? []).filter((id) => !recorded.has(id));
  for (const billing of ["request", "instance"] as const) {
    const derived = DERIVED_PRICE_NOTES[`tier${settings.regionTier}.${billing}`];
    const pinnedOther = settings.billing !== "auto" && settings.billing !== billing;
    if (derived && !pinnedOther && !settings.prices?.[`tier${settings.regionTier}`]?.[billing])
      assumptions.push(derived);
  }
  const service = recommendService(sized, settings);
  const profile = options.traffic ?? (settings.day ? dayProfile(settings.day) : undefined);
  const generator = all.find((r) => r.cell.service)?.cell.service?.generator;
  return {
    schemaVersion: 2,
    runId: options.runId,
    generatedAt: options.generatedAt ?? new Date().toISOString(),
    toolVersion: TOOL.version,
    settings,
    prices: {
      request: resolveUnitPrices(settings, "request"),
      instance: resolveUnitPrices(settings, "instance"),
    },
    pricesDated: PRICES_DATED,
    pricesSource: PRICES_SOURCE,
    assumptions,
    serviceRecommendation: service.recommendation,
    serviceFindings: service.findings,
    scenarios: sized,
    searchCost: {
      searchSeconds,
      exhaustiveSweepSeconds,
      ratio: exhaustiveSweepSeconds > 0 ? searchSeconds / exhaustiveSweepSeconds : null,
    },
    ...(comparison ? { variantComparison: comparison } : {}),
    ...(generator
      ? {
          loadGenerator: {
            name: generator.name,
            version: generator.version,
            calibration: generator.calibration,
          },
        }
      : {}),
    ...(options.host ? { host: hostSummary(options.host.cpuModel, options.host.probes, all) } : {}),
    ...(missing.length > 0 ? { missingCellIds: missing } : {}),
    ...(profile ? { dayPlan: planDay(sized, settings, profile, service.recommendation?.maxInstances) } : {}),
    ...(answers.length > 0 ? { memoryAnswers: answers } : {}),
  };
}

/** A scenario's variant names in first-seen order; [undefined] without variants. */
function variantsOf(records: CellRecord[], scenario: string): Array<string | undefined> {
  return [...new Set(records.filter((r) => r.cell.scenario === scenario).map((r) => r.cell.variant?.name))];
}

const pct = (value: number | null, base: number | null) =>
  value === null || base === null || base === 0 ? null : ((value - base) / base) * 100;

const twinKey = (c: Pick<CellSizing, "scenario" | "cpus" | "memoryBytes">) =>
  `${c.scenario}|${c.cpus}|${c.memoryBytes}`;

/** For a --smol cell, its change against the same scenario, CPUs and memory without --smol. */
export function smolDelta(cell: CellSizing, all: CellSizing[]): SmolDelta | null {
  if (!cell.smol) return null;
  const twin = all.find((c) => !c.smol && twinKey(c) === twinKey(cell));
  if (!twin) return null;
  return {
    baselineCellId: twin.cellId,
    ceilingPct: pct(cell.ceilingPerSec?.median ?? null, twin.ceilingPerSec?.median ?? null),
    p99Pct: pct(cell.p99AtCeilingMs, twin.p99AtCeilingMs),
    peakMemoryPct: pct(cell.peakMemoryBytes, twin.peakMemoryBytes),
    probeGap: probeGapNote(twin.probeComposite, cell.probeComposite),
  };
}
