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
