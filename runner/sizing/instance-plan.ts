import {
  type DriverRates,
  instancesFor,
  type ScalingDriver,
  type ScalingSetting,
} from "../cloudrun/autoscaler.ts";

/** How many instances Cloud Run runs for the target, which rule sets it, and whether that fits the cap. */
export interface InstancePlan {
  instances: number | null;
  driver: ScalingDriver | null;
  fits: boolean;
  reason: string | null;
}

export interface InstanceSettings {
  targetPerSec: number;
  scaling: ScalingSetting;
  minInstances: number;
  maxInstances?: number | undefined;
}

/** The autoscaler's count at the target (autoscaler.ts), at least minInstances and at least 1. */
export function planInstances(rates: DriverRates | null, settings: InstanceSettings): InstancePlan {
  if (rates === null || !(rates.ceilingPerSec > 0))
    return { instances: null, driver: null, fits: false, reason: "no measured ceiling: no load met the SLO" };
  const count = instancesFor(settings.targetPerSec, rates, settings.scaling);
  const instances = Math.max(count.instances, settings.minInstances, 1);
  if (settings.maxInstances !== undefined && instances > settings.maxInstances)
    return {
      instances,
      driver: count.driver,
      fits: false,
      reason: `needs ${instances} instances, over maxInstances ${settings.maxInstances}`,
    };
  return { instances, driver: count.driver, fits: true, reason: null };
}

/** Words for a driver, as every plan names it. */
export const DRIVER_WORDS: Record<ScalingDriver, string> = {
  cpu: "the CPU rule binds (CPU at the cpuTarget)",
  concurrency: "the concurrency rule binds (requests in flight at the concurrencyTarget)",
  ceiling:
    "the SLO binds: Cloud Run's CPU and concurrency rules would run fewer, above the ceiling (lower a target)",
  manual: "manual scaling: a fixed count",
};
