import type { LoadStep } from "../../contract/result.ts";
import { addCauses, emptyCauses, type StepCauses, topCausesText } from "../../contract/step-causes.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { rateText, sizeLabel } from "../units/units.ts";

/** A step's failures with their causes, or null when it has none (or predates them). */
function failedCauses(step: LoadStep): StepCauses | null {
  const causes = step.causes ?? null;
  return causes !== null && topCausesText(causes) !== "" ? causes : null;
}

/** The lowest failed step above a repetition's ceiling that counted causes: what stopped the search there. */
function stepAboveCeiling(steps: readonly LoadStep[], ceilingPerSec: number | null): LoadStep | null {
  const above = steps.filter(
    (s) => !s.sloMet && s.offeredPerSec > (ceilingPerSec ?? 0) && failedCauses(s) !== null,
  );
  return above.sort((a, b) => a.offeredPerSec - b.offeredPerSec)[0] ?? null;
}

/** A cell's failures by cause over every step of every repetition (empty for older runs). */
export function cellCauses(record: CellRecord): StepCauses {
  let total = emptyCauses();
  for (const repetition of record.repetitions)
    for (const step of repetition.result?.steps ?? []) {
      const causes = failedCauses(step);
      if (causes !== null) total = addCauses(total, causes);
    }
  return total;
}

/**
 * Why steps failed, per cell with errors: the top causes of the failed step just above each repetition's ceiling
 * ("at 14,100 req/s: 37 timeouts, 12 × 503"), then the cell's over all its steps. Older runs (no causes): nothing.
 */
export function errorCauseFindings(records: readonly CellRecord[], unit: string | undefined): string[] {
  const findings: string[] = [];
  for (const record of records) {
    const results = record.repetitions.flatMap((r) => (r.result === null ? [] : [r.result]));
    const overall = topCausesText(cellCauses(record));
    if (overall === "") continue;
    const edges = results
      .map((r) => stepAboveCeiling(r.steps, r.ceiling?.ceilingPerSec ?? null))
      .filter((s): s is LoadStep => s !== null)
      .map((s) => `at ${rateText(s.offeredPerSec, unit)}: ${topCausesText(s.causes as StepCauses)}`);
    const label = `${sizeLabel(record.cell)}${record.cell.concurrency ? ` at concurrency ${record.cell.concurrency}` : ""}`;
    const edgeText = edges.length > 0 ? `just above its ceiling ${[...new Set(edges)].join("; ")}; ` : "";
    findings.push(`Errors in ${label}: ${edgeText}over all its steps ${overall}.`);
  }
  return findings;
}
