import { missedTerms, sloTerms } from "../../search/step-verdict.ts";
import { driverRates } from "../cloudrun/autoscaler.ts";
import { checkDeployability } from "../cloudrun/deployability.ts";
import { allowedBillings, priceBillings } from "../cloudrun/pricing.ts";
import { probeConversion } from "../cloudrun/probe-conversion.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { type CellRecord, latencyKindOf, rateUnitOf } from "../results/cell-record.ts";
import { spread } from "../results/statistics.ts";
import { type CellCalibration, limitToCpuBound } from "./cell-calibration.ts";
import { measureCell } from "./cell-measurements.ts";
import { type CellSizing, MIN_HEADROOM, memoryHeadroom, oomRisk } from "./cell-sizing.ts";
import { concurrencyAnswer } from "./concurrency-answer.ts";
import { cellProbeComposite } from "./host-summary.ts";
import { planInstances } from "./instance-plan.ts";
import { loadCurve, responseBytesPerRequest } from "./load-curve.ts";

/**
 * Sizes one finished cell on its planning figure (the median, or the lowest confirmed repetition of a wide cell):
 * latency, memory, deployability, instances, both billing modes priced, and eligibility.
 */
export function sizeCell(
  record: CellRecord,
  settings: CloudRunSettings,
  found: CellCalibration | null = null,
  runProbeComposite: number | null = cellProbeComposite(record),
): CellSizing {
  const { cell } = record;
  const m = measureCell(record, settings.sloP99Ms);
  const sloP99Ms = settings.sloP99Ms ?? cell.sloP99Ms;
  const localCeiling = m.planning.planningCeilingPerSec;
  const cpuQuotaShare = m.cpuCoresAtCeiling === null ? null : m.cpuCoresAtCeiling / cell.cpus;
  const calibration = found === null ? null : limitToCpuBound(found, cpuQuotaShare);
  const applied = calibration?.applied ? calibration : null;
  // A calibration was measured on the platform, so it wins; else cloudRun.targetProbe converts CPU-bound cells.
  const conversion = applied ? null : probeConversion(settings, cpuQuotaShare, runProbeComposite);
  const factor = applied?.appliedRatio ?? conversion?.factor ?? null;
  // Instances and cost stand on the Cloud Run figure; the local one is kept beside it.
  const ceiling = localCeiling === null || factor === null ? localCeiling : localCeiling * factor;
  const p99 = m.latencyAtCeiling?.p99Ms ?? null;
  const sloMet = ceiling !== null && ceiling > 0 && p99 !== null && p99 <= sloP99Ms;
  const headroom = memoryHeadroom(m.peakMemoryBytes, cell.memoryBytes);
  const concurrency = cellConcurrency(cell, settings);
  const curve = loadCurve(m.okResults);
  const rates =
    ceiling === null || !(ceiling > 0)
      ? null
      : driverRates({
          curve: curve.map((p) => ({ perSec: p.perSec, inFlight: p.inFlightMean, cpuCores: p.cpuCores })),
          ceilingPerSec: ceiling,
          cpus: cell.cpus,
          concurrency,
          scaling: settings.scaling,
          factor,
          fallbackTarget: settings.utilizationTarget,
        });
  const egressBytesPerRequest = responseBytesPerRequest(curve);
  const plan = planInstances(rates, settings);
  const concurrencySearch = concurrencyAnswer(record, rates, settings.targetPerSec, settings.scaling);
  const priced =
    plan.instances === null || ceiling === null
      ? null
      : priceBillings(
          {
            cpus: cell.cpus,
            memoryBytes: cell.memoryBytes,
            instances: plan.instances,
            ceilingPerSec: ceiling,
            p50Ms: m.latencyAtCeiling?.p50Ms ?? null,
            concurrency,
            egressBytesPerRequest,
          },
          settings,
        );
  const billing = priced?.billing ?? allowedBillings(cell.cpus, settings.billing)[0] ?? "request";
  const probe = cellProbeComposite(record);
  const deployability = checkDeployability(cell.cpus, cell.memoryBytes, { billing, concurrency });

  const reasons: string[] = [];
  if (record.status !== "ok") reasons.push(`status ${record.status}: ${record.message}`);
  if (record.status === "ok" && !sloMet) reasons.push(noLoadMetSlo(sloP99Ms, record));
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
    planningCeilingPerSec: ceiling,
    ...(calibration ? { calibration } : {}),
    ...(conversion ? { probeConversion: conversion } : {}),
    ...(factor !== null ? { localPlanningCeilingPerSec: localCeiling } : {}),
    probeComposite: probe,
    // Per probe unit of this host: the local figure, so runs of two hosts compare.
    planningCeilingPerProbeUnit: localCeiling !== null && probe !== null ? localCeiling / probe : null,
    spread: m.planning.spread,
    noisy: m.noisy,
    unconfirmedRepetitions: m.unconfirmedRepetitions,
    disagrees: m.disagrees,
    cpuCoresAtCeiling: m.cpuCoresAtCeiling,
    cpuEvidence: m.cpuEvidence,
    cpuQuotaShareAtCeiling: cpuQuotaShare,
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
    driftedRepetitions: m.driftedRepetitions,
    oomRisk: oomRisk(headroom, m.oomRepetitions + m.gcThrashRepetitions),
    deployability,
    instances: plan.instances,
    scalingDriver: plan.driver,
    driverRates: rates,
    loadCurve: curve,
    egressBytesPerRequest,
    ...(concurrencySearch ? { concurrencySearch } : {}),
    fits: plan.fits,
    costPerHourUsd: priced?.cost.costPerHourUsd ?? null,
    costPerMillionMessagesUsd: priced?.cost.costPerMillionMessagesUsd ?? null,
    billing,
    costPerHourUsdByBilling: {
      request: priced?.byBilling.request?.costPerHourUsd ?? null,
      instance: priced?.byBilling.instance?.costPerHourUsd ?? null,
    },
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
    cpu: record.repetitions.findLast((r) => r.cpu)?.cpu ?? null,
  };
}

/** The --concurrency a cell is sized at: its own (server mode measures at it), else cloudRun.concurrency (in-process cells have none). */
export const cellConcurrency = (cell: { concurrency?: number | null }, settings: CloudRunSettings): number =>
  cell.concurrency ?? settings.concurrency;

/** The --concurrency a deploy line carries: the concurrency search's measured answer, else the one it was sized at. */
export const deployConcurrency = (
  cell: { concurrency?: number | null; concurrencySearch?: { recommended: number | null } | undefined },
  settings: CloudRunSettings,
): number => cell.concurrencySearch?.recommended ?? cellConcurrency(cell, settings);

/** Why a cell that ran has no ceiling: every term of the SLO, and which of them the lowest rate it tried missed. */
export function noLoadMetSlo(sloP99Ms: number, record: CellRecord): string {
  const tried = record.repetitions.flatMap((r) => r.result?.steps ?? []).filter((s) => s.phase !== "probe");
  const lowest = tried.sort((a, b) => a.offeredPerSec - b.offeredPerSec)[0];
  const missed = lowest ? missedTerms({ ...lowest, p99Ms: lowest.latency.p99Ms }, sloP99Ms) : [];
  const where =
    lowest && missed.length
      ? `; the lowest rate tried, ${Math.round(lowest.offeredPerSec)} ${rateUnitOf(record.cell)}, missed it: ${missed.join(", ")}`
      : "";
  return `no load met the SLO (${sloTerms(sloP99Ms)})${where}`;
}
