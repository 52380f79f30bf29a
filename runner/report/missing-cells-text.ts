import type { SizingReport } from "../sizing/sizing-report.ts";

/** Shown at most this many missing cell ids; the count covers the rest. */
const MAX_LISTED_CELLS = 5;

/** The warning every view shows for a run with planned cells that have no record yet; null for a whole run. */
export function missingCellsText(report: SizingReport): string | null {
  const missing = report.missingCellIds ?? [];
  if (missing.length === 0) return null;
  const listed = missing.slice(0, MAX_LISTED_CELLS).join(", ");
  const more = missing.length > MAX_LISTED_CELLS ? ` and ${missing.length - MAX_LISTED_CELLS} more` : "";
  return (
    `Incomplete run: ${missing.length} planned cell(s) have no result (${listed}${more}); the tables and picks cover ` +
    `only the measured cells. Finish it with \`bun runner/matrix.ts --resume ${report.runId}\` (and the same --out).`
  );
}
