/** How many instances a ceiling needs for a target, and whether that fits the cap. */
export interface InstancePlan {
  instances: number | null;
  fits: boolean;
  reason: string | null;
}

export interface InstanceSettings {
  targetPerSec: number;
  utilizationTarget: number;
  minInstances: number;
  maxInstances?: number | undefined;
}

/** instances = ceil(target ÷ (ceiling × utilization)), at least minInstances and at least 1. */
export function planInstances(ceilingPerSec: number | null, settings: InstanceSettings): InstancePlan {
  if (ceilingPerSec === null || ceilingPerSec <= 0)
    return { instances: null, fits: false, reason: "no measured ceiling: no load met the SLO" };
  const needed = Math.ceil(settings.targetPerSec / (ceilingPerSec * settings.utilizationTarget) - 1e-9);
  const instances = Math.max(needed, settings.minInstances, 1);
  if (settings.maxInstances !== undefined && instances > settings.maxInstances)
    return {
      instances,
      fits: false,
      reason: `needs ${instances} instances, over maxInstances ${settings.maxInstances}`,
    };
  return { instances, fits: true, reason: null };
}
