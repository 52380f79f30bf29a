import { MAX_CEILING_CV } from "../results/ceiling-statistics.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { latencyKindOf } from "../results/latency-kind.ts";
import { rateUnitOf } from "../results/rate-unit.ts";
import { spread } from "../results/spread.ts";
import { type CellMeasurements, measureCell } from "./cell-measurements.ts";
import type { UnitPrices } from "./cloud-run-prices.ts";
import type { CloudRunSettings } from "./cloud-run-settings.ts";
import { estimateCost } from "./cost-estimate.ts";
import { checkDeployability } from "./deployability.ts";
import { planInstances } from "./instance-plan.ts";
import { MIN_HEADROOM, memoryHeadroom, oomRisk } from "./oom-risk.ts";
import type { CellSizing } from "./sizing-report.ts";

/** Sizes one finished cell: ceiling, latency, memory, deployability, instances, cost and eligibility. */
export function sizeCell(record: CellRecord, settings: CloudRunSettings, prices: UnitPrices): CellSizing {
  const { cell } = record;
  const m = measureCell(record, settings.sloP99Ms);
  const sloP99Ms = settings.sloP99Ms ?? cell.sloP99Ms;
  const ceiling = m.ceilingPerSec?.median ?? null;
  const p99 = m.latencyAtCeiling?.p99Ms ?? null;
  const sloMet = ceiling !== null && ceiling > 0 && p99 !== null && p99 <= sloP99Ms;
  const headroom = memoryHeadroom(m.peakMemoryBytes, cell.memoryBytes);
  const concurrency = cell.concurrency ?? settings.concurrency;
  const deployability = checkDeployability(cell.cpus, cell.memoryBytes, { ...settings, concurrency });
  const plan = planInstances(ceiling, settings);
  const cost =
    plan.instances === null
      ? null
      : estimateCost({
          ...settings,
          instances: plan.instances,
          cpus: cell.cpus,
          memoryBytes: cell.memoryBytes,
          prices,
        });

  const reasons: string[] = [];
  if (record.status !== "ok") reasons.push(`status ${record.status}: ${record.message}`);
  if (m.disagrees) reasons.push(disagreement(m, record.repetitions.length));
  if (record.status === "ok" && !sloMet) reasons.push(`no load met the p99 SLO of ${sloP99Ms} ms`);
  if (headroom === null) reasons.push("peak memory unknown");
  else if (headroom < MIN_HEADROOM)
    reasons.push(`memory headroom ${(headroom * 100).toFixed(0)}% is under ${MIN_HEADROOM * 100}%`);
  for (const r of deployability.reasons) reasons.push(`not deployable: ${r}`);
  if (plan.reason && record.status === "ok" && sloMet) reasons.push(`does not fit: ${plan.reason}`);

  return {
    cellId: cell.id,
    scenario: cell.scenario,
    cpus: cell.cpus,
    memoryBytes: cell.memoryBytes,
    smol: cell.smol,
    status: record.status,
    message: record.message,
    exceedsHost: cell.exceedsHost,
    repetitions: record.repetitions.length,
    okRepetitions: m.okResults.length,
    sloP99Ms,
    ceilingPerSec: m.ceilingPerSec,
    noisy: m.noisy,
    unconfirmedRepetitions: m.unconfirmedRepetitions,
    disagrees: m.disagrees,
    cpuCoresAtCeiling: m.cpuCoresAtCeiling,
    cpuEvidence: m.cpuEvidence,
    p50AtCeilingMs: m.latencyAtCeiling?.p50Ms ?? null,
    p95AtCeilingMs: m.latencyAtCeiling?.p95Ms ?? null,
    p99AtCeilingMs: p99,
    sloMet,
    peakMemoryBytes: m.peakMemoryBytes,
    memoryHeadroom: headroom,
    throttledSeconds: m.throttledSeconds,
    oomRepetitions: m.oomRepetitions,
    gcThrashRepetitions: m.gcThrashRepetitions,
    contendedRepetitions: m.contendedRepetitions,
    oomRisk: oomRisk(headroom, m.oomRepetitions + m.gcThrashRepetitions),
    deployability,
    instances: plan.instances,
    fits: plan.fits,
    costPerHourUsd: cost?.costPerHourUsd ?? null,
    costPerMillionMessagesUsd: cost?.costPerMillionMessagesUsd ?? null,
    smolDelta: null,
    eligible: reasons.length === 0,
    ineligibleReasons: reasons,
    searchSeconds: m.searchSeconds,
    exhaustiveSweepSeconds: m.exhaustiveSweepSeconds,
    concurrency: cell.concurrency ?? null,
    startupMs: spread(
      record.repetitions.flatMap((r) => (typeof r.startupMs === "number" ? [r.startupMs] : [])),
    ),
    rateUnit: rateUnitOf(cell),
    latencyKind: latencyKindOf(record),
  };
}

/** Why a disagreeing cell is never recommended, with the figures that say so. */
function disagreement(m: CellMeasurements, repetitions: number): string {
  const cv = `ceiling CV ${((m.ceilingPerSec?.cv ?? 0) * 100).toFixed(1)}% over ${repetitions} repetitions`;
  const unconfirmed =
    m.unconfirmedRepetitions > 0 ? `, ${m.unconfirmedRepetitions} of them confirmed no ceiling` : "";
  return `disagrees: not recommended (${cv}${unconfirmed}; needs ≤ ${MAX_CEILING_CV * 100}%)`;
}
