import type { DaySize } from "../../cloudrun/autoscaling-model.ts";
import type { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { type MixCell, mixDriverRates, mixEgressBytes, mixedCapacity } from "../mixed-rates.ts";
import { cellsBySize, trafficShares } from "../recommend-service.ts";
import { cellConcurrency } from "../size-cell.ts";
import type { ScenarioSizing } from "../sizing-report.ts";

/** The sizes that serve the whole service's mix: each scenario's weakest usable cell there, mixed by cloudRun.traffic. */
export function daySizes(sections: ScenarioSizing[], settings: CloudRunSettings): DaySize[] {
  const { shares } = trafficShares([...new Set(sections.map((s) => s.scenario))], settings.traffic);
  const sizes: DaySize[] = [];
  for (const at of cellsBySize(sections, settings).values()) {
    const maybe = [...shares].map(([scenario, share]) => ({ cell: at.get(scenario), share }));
    if (maybe.length === 0 || maybe.some((p) => p.cell === undefined)) continue;
    const parts = maybe as MixCell[];
    const first = parts[0]?.cell;
    const ceiling = mixedCapacity(
      parts.map((p) => ({ share: p.share, ceilingPerSec: p.cell.planningCeilingPerSec ?? 0 })),
    );
    if (ceiling === null || !first) continue;
    const p50Ms = parts.every((p) => p.cell.p50AtCeilingMs != null)
      ? parts.reduce((sum, p) => sum + p.share * (p.cell.p50AtCeilingMs ?? 0), 0)
      : null;
    const startups = parts.flatMap((p) => (p.cell.startupMs ? [p.cell.startupMs.median] : []));
    sizes.push({
      cpus: first.cpus,
      memoryBytes: first.memoryBytes,
      smol: first.smol,
      concurrency: cellConcurrency(first, settings),
      ceilingPerSec: ceiling,
      rates: mixDriverRates(parts, ceiling) ?? {
        ceilingPerSec: ceiling,
        cpuPerSec: ceiling * settings.utilizationTarget,
        concurrencyPerSec: null,
        basis: "no driver rates: the ceiling at cloudRun.utilizationTarget",
      },
      p50Ms,
      startupMs: startups.length === parts.length ? Math.max(...startups) : null,
      egressBytesPerRequest: mixEgressBytes(parts),
    });
  }
  return sizes.sort(
    (a, b) => a.cpus - b.cpus || a.memoryBytes - b.memoryBytes || Number(a.smol) - Number(b.smol),
  );
}
