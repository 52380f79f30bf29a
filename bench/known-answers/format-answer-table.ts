import type { AnswerRow } from "./answer-row.ts";

const rate = (value: number | null) => (value === null ? "-" : value.toFixed(1));

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
    row.cpuCores === null ? "-" : row.cpuCores.toFixed(3),
    row.formula,
    row.withinTolerance && row.ceilingWithinAchieved ? "ok" : `OFF (>±${tolerance * 100}%)`,
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
