import type { FixedTimelines } from "../../contract/generator-step.ts";
import { formatMemorySize } from "../config/memory-size.ts";
import { readTimelineParameters } from "../load/fixed-summary.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { median } from "../results/statistics.ts";

/** Result parameters holding a fixed-shape workload's figures (runner/execute/server/fixed-shape-result.ts). */
const PREFIX = "fixed.";

export interface FixedShapeColumn {
  cellId: string;
  /** e.g. "1 vCPU / 512Mi, nofile 4096" */
  label: string;
  status: string;
  message: string;
  /** figure name -> median over the cell's repetitions that reported it */
  figures: Record<string, number>;
  /** The cell's descriptor limit (axes.nofile); null: Docker's default. */
  nofile: number | null;
  flags: Record<string, string | number | boolean>;
  /** The first repetition's series that has any (a series has no median); with which repetition it is. */
  timelines: FixedTimelines;
  timelineRepetition: number | null;
  /** Stored series that did not parse, named. */
  timelineProblems: string[];
}

export interface FixedShapeWorkload {
  scenario: string;
  /** What the script said it is (its summary's `workload`: connection-storm, queue-drain); null: no result says. */
  workload: string | null;
  figureNames: string[];
  cells: FixedShapeColumn[];
}

/** The fixed-shape cells (search: false) of a run, per scenario, with each figure's median over repetitions. */
export function fixedShapeFigures(records: CellRecord[]): FixedShapeWorkload[] {
  const fixed = records.filter((r) => r.cell.service?.fixed);
  const scenarios = [...new Set(fixed.map((r) => r.cell.scenario))].sort();
  return scenarios.map((scenario) => {
    const cells = fixed
      .filter((r) => r.cell.scenario === scenario)
      .sort((a, b) => a.cell.id.localeCompare(b.cell.id))
      .map(column);
    const figureNames = [...new Set(cells.flatMap((c) => Object.keys(c.figures)))];
    const workload = fixed
      .filter((r) => r.cell.scenario === scenario)
      .flatMap((r) => r.repetitions)
      .map((r) => r.result?.parameters.workload)
      .find((w): w is string => typeof w === "string");
    return { scenario, workload: workload ?? null, figureNames, cells };
  });
}

function column(record: CellRecord): FixedShapeColumn {
  const { cell } = record;
  const values = new Map<string, number[]>();
  for (const repetition of record.repetitions)
    for (const [key, value] of Object.entries(repetition.result?.parameters ?? {}))
      if (key.startsWith(PREFIX) && typeof value === "number")
        values.set(key.slice(PREFIX.length), [...(values.get(key.slice(PREFIX.length)) ?? []), value]);
  const figures: Record<string, number> = {};
  for (const [name, list] of values) figures[name] = median(list) ?? 0;
  const nofile = typeof cell.nofile === "number" ? `, nofile ${cell.nofile}` : "";
  const series = record.repetitions
    .map((r) => ({ index: r.index, read: readTimelineParameters(r.result?.parameters ?? {}) }))
    .filter((r) => Object.keys(r.read.timelines).length > 0 || r.read.problems.length > 0);
  const withSeries = series.find((r) => Object.keys(r.read.timelines).length > 0);
  return {
    cellId: cell.id,
    label: `${cell.cpus} vCPU / ${formatMemorySize(cell.memoryBytes)}${nofile}`,
    status: record.status,
    message: record.message,
    figures,
    nofile: cell.nofile ?? null,
    flags: cell.flags,
    timelines: withSeries?.read.timelines ?? {},
    timelineRepetition: withSeries?.index ?? null,
    timelineProblems: series.flatMap((r) => r.read.problems.map((p) => `repetition ${r.index}: ${p}`)),
  };
}

/** A figure for a table: integers as is, ratios with two decimals, bytes per connection in KiB. */
export function formatFigure(name: string, value: number | undefined): string {
  if (value === undefined) return "–";
  if (name.endsWith("Bytes"))
    return value >= 1024 * 1024 ? `${(value / 2 ** 20).toFixed(1)} MiB` : `${(value / 1024).toFixed(1)} KiB`;
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  return value.toFixed(2);
}

/** A fixed-shape workload's headline table: a row per cell (in the workload's cell order), as text. */
export interface WorkloadSummary {
  title: string;
  header: string[];
  rows: string[][];
  /** One line on how to read it. */
  note: string;
}

/** The headline table for the workloads the report knows (by the script's own `workload` name); else null. */
export function workloadSummary(w: FixedShapeWorkload): WorkloadSummary | null {
  if (w.workload === "connection-storm") return stormSummary(w);
  if (w.workload === "queue-drain") return drainSummary(w);
  return null;
}

const count = (n: number | undefined) => (n === undefined ? "–" : Math.round(n).toLocaleString("en-US"));

/** How long the backlog took to reach 0 after production stopped, or that it never did within max-drain-ms. */
function drainTime(c: FixedShapeColumn): string {
  const { drainMs, drained } = c.figures;
  if (drainMs === undefined) return "–";
  return drained === 0 ? `not drained after ${count(drainMs)} ms` : `${count(drainMs)} ms`;
}

/** The queue per cell: what was offered, created and processed, their ratio, the peak backlog and the drain. */
export function drainSummary(w: FixedShapeWorkload): WorkloadSummary {
  return {
    title: "Queue backlog and drain",
    header: [
      "size",
      "status",
      "offered msg/s",
      "created msg/s",
      "processed msg/s",
      "saturation (created ÷ processed)",
      "worker capacity msg/s",
      "peak backlog msgs",
      "drain time",
    ],
    rows: w.cells.map((c) => {
      const f = c.figures;
      return [
        c.label,
        c.status,
        count(f.offeredPerSec),
        count(f.createdPerSec),
        count(f.processedPerSec),
        f.saturationRatio === undefined ? "–" : f.saturationRatio.toFixed(2),
        count(f.workerCapacityPerSec),
        count(f.peakBacklogMessages),
        drainTime(c),
      ];
    }),
    note:
      "Rates over the production phase; saturation above 1 means the backlog grew while producers ran. " +
      "Drain time runs from the end of production until the subscription's backlog is 0.",
  };
}

/** Connections the storm asked for: the `connections` flag, else connected + failed as the script counted them. */
export function stormAttempted(c: FixedShapeColumn): number | undefined {
  const flag = Number(c.flags.connections);
  if (Number.isInteger(flag) && flag > 0) return flag;
  const { connectedCount: up, failedCount: failed } = c.figures;
  return up === undefined || failed === undefined ? undefined : up + failed;
}

/** Whether the service's descriptor limit (axes.nofile) stopped the storm: the fd-limit status says it did. */
function descriptorLimit(c: FixedShapeColumn): string {
  if (c.status === "fd-limit") return `hit: nofile ${c.nofile ?? "?"}`;
  if (c.nofile === null) return "Docker's default";
  return (c.figures.failedCount ?? 0) === 0 ? `nofile ${c.nofile}: not hit` : `nofile ${c.nofile}`;
}

/** The connection storm per cell: connections asked, up, failed, how long until all were up, memory each. */
export function stormSummary(w: FixedShapeWorkload): WorkloadSummary {
  return {
    title: "Connection storm",
    header: [
      "size",
      "status",
      "attempted",
      "connected",
      "failed",
      "all connected after ms",
      "connect p50 / p99 ms",
      "memory / connection",
      "acknowledged / kept",
      "descriptor limit",
    ],
    rows: w.cells.map((c) => {
      const f = c.figures;
      return [
        c.label,
        c.status,
        count(stormAttempted(c)),
        count(f.connectedCount),
        count(f.failedCount),
        f.connectedCount ? count(f.allConnectedMs) : "–",
        `${count(f.connectP50Ms)} / ${count(f.connectP99Ms)}`,
        formatFigure("memoryPerConnectionBytes", f.memoryPerConnectionBytes),
        `${count(f.messagesAcknowledgedCount)} / ${count(f.messagesKeptCount)}`,
        descriptorLimit(c),
      ];
    }),
    note:
      "Sockets opened at one instant and held; memory per connection = (the service's peak during the hold − its memory before) ÷ connected. " +
      "acknowledged / kept: messages answered 200 after the hold against those the service still held after each socket closed.",
  };
}
