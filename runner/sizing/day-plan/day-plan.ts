import { instancesFor } from "../../cloudrun/autoscaler.ts";
import {
  type DaySimulation,
  type DaySize,
  type ScalingSettings,
  simulateDay,
} from "../../cloudrun/autoscaling-model.ts";
import { type MonthlyBill, monthlyBill, periodUsage } from "../../cloudrun/billing.ts";
import { CLOUD_RUN_LIMITS } from "../../cloudrun/cloud-run-limits.ts";
import { allowedBillings, type BillingMode, resolveUnitPrices } from "../../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { MINUTES_PER_DAY, type TrafficProfile } from "../../config/traffic-profile.ts";
import { sizeLabel } from "../../units/units.ts";
import type { ScenarioSizing } from "../sizing-report.ts";
import { dayPlanAssumptions } from "./day-plan-assumptions.ts";
import type { DayPlan, DayPlanSize } from "./day-plan-schema.ts";
import { daySizes } from "./day-sizes.ts";

/**
 * The day plan: a traffic profile through a minute-by-minute model of Cloud Run's autoscaler, for every size that
 * serves the whole service, with instance-hours, cold starts, overload and a 730-hour month's bill in both billing
 * modes. Pure: finished sizing in, numbers out.
 */
const SECONDS_PER_MINUTE = 60;
const MAX_TIMELINE_POINTS = MINUTES_PER_DAY;

/** Each allowed billing mode's month, line by line. */
function priced(sim: DaySimulation, size: DaySize, settings: CloudRunSettings, days: number) {
  const allowed = allowedBillings(size.cpus, settings.billing);
  const bill = (billing: BillingMode): MonthlyBill | null =>
    allowed.includes(billing)
      ? monthlyBill(
          periodUsage(sim, size, billing, days),
          billing,
          resolveUnitPrices(settings, billing),
          settings,
        )
      : null;
  return { instance: bill("instance"), request: bill("request") };
}

/** Evenly spaced steps of the counted period, at most MAX_TIMELINE_POINTS of them. */
function timeline(perMinute: readonly number[], sim: DaySimulation) {
  const step = Math.ceil(perMinute.length / MAX_TIMELINE_POINTS);
  const demand: number[] = [];
  const ready: number[] = [];
  const instances: number[] = [];
  for (let i = 0; i < perMinute.length; i += step) {
    const slice = (xs: readonly number[]) => xs.slice(i, i + step);
    const rates = slice(perMinute);
    demand.push(Math.round(rates.reduce((a, b) => a + b, 0) / rates.length));
    ready.push(Math.round(Math.min(...slice(sim.series.readyCapacityPerSec))));
    instances.push(Math.max(...slice(sim.series.instances)));
  }
  return { stepMinutes: step, demandPerSec: demand, readyCapacityPerSec: ready, instances };
}

/** The day plan of a finished sizing for a traffic profile; null sizes when no size serves the whole mix. */
export function planDay(
  sections: ScenarioSizing[],
  settings: CloudRunSettings,
  profile: TrafficProfile,
  serviceMaxInstances?: number,
): DayPlan {
  // One --max-instances from the day plan to the gcloud line: the whole-service answer's, else the setting's.
  const maxInstances = serviceMaxInstances ?? settings.maxInstances ?? CLOUD_RUN_LIMITS.defaultMaxInstances;
  const scaling = (minInstances: number): ScalingSettings => ({
    scaling: settings.scaling,
    minInstances,
    maxInstances,
    idleMinutes: settings.idleMinutes,
  });
  const days = profile.days;
  const requests = profile.perMinute.reduce((sum, r) => sum + r * SECONDS_PER_MINUTE, 0);
  const findings: string[] = [];
  const variants = sections.some((s) => s.variant !== undefined);
  const sizes = variants ? [] : daySizes(sections, settings);
  if (variants) findings.push("With variants each build is a service of its own: no day plan for the mix.");
  const rows = sizes.map((size) => {
    const sim = simulateDay(profile.perMinute, size, scaling(settings.minInstances));
    const bills = priced(sim, size, settings, days);
    const row: DayPlanSize = {
      size: sizeLabel(size),
      cpus: size.cpus,
      memoryBytes: size.memoryBytes,
      smol: size.smol,
      concurrency: size.concurrency,
      planningCeilingPerSec: size.ceilingPerSec,
      startupMs: size.startupMs,
      instanceHoursPerDay: sim.instanceMinutes / 60 / days,
      peakInstances: sim.peakInstances,
      coldStartsPerDay: sim.coldStarts / days,
      coldStartExposedShare: sim.requests > 0 ? sim.exposedRequests / sim.requests : 0,
      exposedRequestsPerDay: sim.exposedRequests / days,
      exposedMinutesPerDay: sim.exposedMinutes / days,
      overloadMinutes: sim.overloadMinutes / days,
      shedShare: sim.requests > 0 ? sim.shedRequests / sim.requests : 0,
      queuedShare: sim.requests > 0 ? sim.queuedRequests / sim.requests : 0,
      driverMinutes: {
        cpu: sim.driverMinutes.cpu / days,
        concurrency: sim.driverMinutes.concurrency / days,
        ceiling: sim.driverMinutes.ceiling / days,
        manual: sim.driverMinutes.manual / days,
      },
      peakDriver: instancesFor(Math.max(...profile.perMinute), size.rates, settings.scaling).driver,
      monthlyCostUsd: {
        instance: bills.instance?.totalUsd ?? null,
        request: bills.request?.totalUsd ?? null,
      },
      bills,
    };
    if (size.startupMs === null)
      findings.push(
        `${row.size}: start-up time not measured, so new instances are taken as ready at once (exposure understated).`,
      );
    return { size, row };
  });
  const choices = rows
    .filter(({ row }) => row.overloadMinutes === 0)
    .flatMap(({ size, row }) =>
      (["request", "instance"] as const).flatMap((billing) => {
        const cost = row.monthlyCostUsd[billing];
        return cost === null ? [] : [{ size, row, billing, cost }];
      }),
    )
    .sort((a, b) => a.cost - b.cost || a.size.cpus - b.size.cpus);
  const best = choices[0];
  if (rows.length > 0 && !best)
    findings.push(`Every size overloads: demand needs more than maxInstances ${maxInstances} at the peak.`);
  if (rows.length === 0 && !variants)
    findings.push(
      "No size has an eligible cell for every scenario in the mix (see the whole service's findings), so there is no size to plan the day on.",
    );
  let recommended: DayPlan["recommended"] = null;
  let chart: DayPlan["timeline"] = null;
  if (best) {
    const prices = resolveUnitPrices(settings, best.billing);
    const at = (m: number) => {
      const sim = simulateDay(profile.perMinute, best.size, scaling(m));
      const bill = monthlyBill(
        periodUsage(sim, best.size, best.billing, days),
        best.billing,
        prices,
        settings,
      );
      return {
        sim,
        bill,
        cost: bill.totalUsd,
        share: sim.requests > 0 ? sim.exposedRequests / sim.requests : 0,
      };
    };
    const zero = at(0);
    let floor = zero;
    let m = 0;
    // At the peak's instance count nothing ever starts, so no floor above it lowers exposure.
    const limit = Math.min(maxInstances, zero.sim.peakInstances);
    while (floor.share > settings.maxColdStartExposure && m < limit) floor = at(++m);
    if (floor.share > settings.maxColdStartExposure)
      findings.push(
        `No min-instances keeps cold-start exposure within ${settings.maxColdStartExposure}: ${best.row.size} at ${m} still exposes ${(floor.share * 100).toFixed(3)}% of requests.`,
      );
    recommended = {
      size: best.row.size,
      billing: best.billing,
      minInstances: m,
      monthlyCostUsd: floor.cost,
      coldStartExposedShare: floor.share,
      withoutMinInstances: {
        monthlyCostUsd: zero.cost,
        coldStartExposedShare: zero.share,
        coldStartsPerDay: zero.sim.coldStarts / days,
      },
      extraMonthlyCostUsd: floor.cost - zero.cost,
      bill: floor.bill,
    };
    chart = { size: best.row.size, minInstances: m, ...timeline(profile.perMinute, floor.sim) };
  }
  return {
    source: profile.source,
    days,
    requestsPerDay: requests / days,
    peakPerSec: Math.max(...profile.perMinute),
    maxInstances,
    idleMinutes: settings.idleMinutes,
    maxColdStartExposure: settings.maxColdStartExposure,
    sizes: rows.map((r) => r.row),
    recommended,
    timeline: chart,
    findings,
    assumptions: dayPlanAssumptions(settings, maxInstances),
  };
}
