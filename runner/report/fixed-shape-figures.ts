import type { FixedTimelines } from "../../contract/generator-step.ts";
import { formatMemorySize } from "../config/memory-size.ts";
import { readTimelineParameters } from "../load/fixed-summary.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { median } from "../results/median.ts";

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
