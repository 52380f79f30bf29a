import type { ExecutionDriver, RunFacts } from "../drivers/execution-driver.ts";
import {
  allocateCores,
  type CpuView,
  cpusetText,
  pinnedMisfit,
  spareCoresFor,
} from "../host/core-allocation.ts";
import type { Cell } from "../plan/cell.ts";
import type { CpuPlacement } from "../results/cell-record.ts";

/** Where one repetition's containers may run: the service's cores and everyone else's (null: any core). */
export interface CorePlan {
  view: CpuView;
  service: string | null;
  others: string | null;
  note: string | null;
}

/**
 * The cores of one repetition on the driver's node (its CPU count as Docker reports it). A pinned cell the driver
 * cannot pin, or whose cores no longer fit (a resumed run on a smaller host), runs shared and says why. Cells planned
 * before CPU views existed ran under the quota alone, and keep doing so.
 */
export async function placeCores(cell: Cell, driver: ExecutionDriver): Promise<CorePlan> {
  const shared = (note: string | null): CorePlan => ({ view: "shared", service: null, others: null, note });
  if (cell.cpuView !== "pinned") return shared(cell.cpuViewNote ?? null);
  if (!driver.pinsCores)
    return shared(`pinned asked, runs shared: the ${driver.name} driver cannot pin cores`);
  const hostCores = (await driver.nodes())[0]?.cpus ?? 0;
  const spare = spareCoresFor(cell.mode);
  const cores = allocateCores(cell.cpus, hostCores, spare);
  if (!cores) return shared(`pinned asked, runs shared: ${pinnedMisfit(cell.cpus, hostCores, spare)}`);
  const others = cores.others.length ? cpusetText(cores.others) : null;
  return { view: "pinned", service: cpusetText(cores.service), others, note: null };
}

/** The repetition's record of its cores: what Docker applied to the service, and what the service saw inside. */
export function cpuPlacementOf(plan: CorePlan, facts: Pick<RunFacts, "applied" | "cpuSeen">): CpuPlacement {
  const applied = facts.applied?.cpusetCpus;
  return {
    view: plan.view,
    serviceCpuset: applied === undefined ? plan.service : applied || null,
    othersCpuset: plan.others,
    seen: facts.cpuSeen ?? null,
    note: plan.note,
  };
}
