import { createHash } from "node:crypto";
import type { FlagValue } from "../config/command-template.ts";
import { formatMemorySize } from "../config/memory-size.ts";
import type { CpuView } from "../host/core-allocation.ts";

const MAX_ID_CHARS = 160;

export type CellKey = {
  scenario: string;
  cpus: number;
  memoryBytes: number;
  smol: boolean;
  flags: Record<string, FlagValue>;
  /** Server mode's Cloud Run --concurrency; absent or null in scenario mode. */
  concurrency?: number | null;
  /** matrix.yaml `variants`: the build this cell runs; absent without variants. */
  variant?: string;
  /** ulimit nofile of the measured container (axes.nofile); absent or null: Docker's default. */
  nofile?: number | null;
  /** axes.cpuView; absent or pinned (the default) adds nothing to the id, so older ids stay valid. */
  cpuView?: CpuView;
};

/**
 * Stable, filesystem-safe id: throughput__cpu0.5__mem256Mi__smol0 (then __conc10 in server mode), then `__key-value` for each flag in
 * `idFlagKeys` (sorted), then `__v-<variant>`, then `__shared` for the shared CPU view. Characters outside [A-Za-z0-9._-] become "-"; very long ids end in a hash.
 */
export function cellId(cell: CellKey, idFlagKeys: readonly string[]): string {
  const parts = [
    cell.scenario,
    `cpu${cell.cpus}`,
    `mem${formatMemorySize(cell.memoryBytes)}`,
    `smol${cell.smol ? 1 : 0}`,
  ];
  if (typeof cell.concurrency === "number") parts.push(`conc${cell.concurrency}`);
  if (typeof cell.nofile === "number") parts.push(`nofile${cell.nofile}`);
  for (const key of [...idFlagKeys].sort()) if (key in cell.flags) parts.push(`${key}-${cell.flags[key]}`);
  if (cell.variant !== undefined) parts.push(`v-${cell.variant}`);
  if (cell.cpuView === "shared") parts.push("shared");
  const id = parts.join("__").replace(/[^A-Za-z0-9._-]/g, "-");
  if (id.length <= MAX_ID_CHARS) return id;
  const hash = createHash("sha1").update(id).digest("hex").slice(0, 12);
  return `${id.slice(0, MAX_ID_CHARS - 14)}__${hash}`;
}
