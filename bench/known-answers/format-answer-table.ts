import type { AnswerRow } from "./answer-row.ts";

const rate = (value: number | null) => (value === null ? "-" : value.toFixed(1));
const cores = (value: number | null) => (value === null ? "-" : value.toFixed(3));

function verdict(row: AnswerRow, tolerance: number): string {
  if (!row.ceilingWithinAchieved) return "CEILING > ACHIEVED";
  return row.withinTolerance ? "ok" : `OFF (beyond ±${tolerance * 100}%)`;
}

/** The known-answer table: one line per cell, a verdict per line. */
export function formatAnswerTable(rows: readonly AnswerRow[], tolerance: number): string {
  const header = [
    "cell",
    "status",
    "reps",
    "ceiling/s",
    "answer/s",
    "ratio",
    "achieved/s",
    "ceil<=ach",
    "cpu@ceil",
    "cpu@probe",
    "throttled s",
    "formula",
    "verdict",
  ];
  const lines = rows.map((row) => [
    row.cellId,
    row.status,
    String(row.repetitions),
    rate(row.ceilingPerSec),
    rate(row.expectedPerSec),
    row.ratio.toFixed(3),
    rate(row.achievedPerSec),
    row.ceilingWithinAchieved ? "yes" : "NO",
    cores(row.cpuCores),
    cores(row.probeCpuCores),
    row.throttledSeconds === null ? "-" : row.throttledSeconds.toFixed(2),
    row.formula,
    verdict(row, tolerance),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? "").length)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [render(header), ...lines.map(render)].join("\n");
}
