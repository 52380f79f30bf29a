import { z } from "zod";
import { CPU_VIEWS, parseCpuList } from "../host/core-allocation.ts";

/** What the service's container saw of the host's CPUs, read inside it (drivers/read-seen-cpus.ts). */
export const CpuSeen = z
  .object({
    cpusAllowedList: z
      .string()
      .nullable()
      .describe("its main process's affinity, /proc/1/status Cpus_allowed_list"),
    nproc: z.number().int().positive().nullable().describe("`nproc` inside the container"),
    onlineCpuList: z.string().nullable().describe("/sys/devices/system/cpu/online inside the container"),
    unread: z.string().nullable().describe("which figures the image could not give (null: all read)"),
  })
  .strict();
export type CpuSeen = z.infer<typeof CpuSeen>;

/** Which cores a repetition's service and the rest of its pod ran on, and what the service saw (cell records, run.json). */
export const CpuPlacement = z
  .object({
    view: z.enum(CPU_VIEWS).describe("pinned: cores of its own plus the quota; shared: the quota alone"),
    serviceCpuset: z
      .string()
      .nullable()
      .describe("the service's cores as Docker applied them (null: any core)"),
    othersCpuset: z
      .string()
      .nullable()
      .describe("the generator's, sidecars' and holder's cores (null: any core)"),
    seen: CpuSeen.nullable().describe(
      "read inside the service's container; null: the driver could not exec there",
    ),
    note: z.string().nullable().describe("why it ran shared although pinned was asked"),
  })
  .strict();
export type CpuPlacement = z.infer<typeof CpuPlacement>;

/** How many CPUs a kernel CPU list names ("0-1" -> 2); null when absent or malformed. */
export function cpuCount(list: string | null): number | null {
  return list === null ? null : (parseCpuList(list)?.length ?? null);
}

/** e.g. "pinned 1 (nproc 1, online 2)", "shared (nproc 2, online 2)": the report's cell-table cell. */
export function describePlacement(placement: CpuPlacement | null | undefined): string {
  if (!placement) return "—";
  const cores = placement.view === "pinned" && placement.serviceCpuset ? ` ${placement.serviceCpuset}` : "";
  const seen = placement.seen;
  const figures = seen ? [`nproc ${seen.nproc ?? "?"}`, `online ${cpuCount(seen.onlineCpuList) ?? "?"}`] : [];
  return `${placement.view}${cores}${figures.length ? ` (${figures.join(", ")})` : ""}`;
}
