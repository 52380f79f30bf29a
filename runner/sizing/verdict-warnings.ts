import { rateText } from "../units/units.ts";
import type { CellSizing } from "./cell-sizing.ts";

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** "k of n repetitions (p%) ... disturbed", when other host load disturbed any repetition a verdict rests on. */
export function contentionWarning(contended: number, repetitions: number): string | null {
  if (contended <= 0 || repetitions <= 0) return null;
  return (
    `rests on contended repetitions: ${contended} of ${repetitions} (${pct(contended, repetitions)}) ran while other ` +
    "load on the host disturbed them (even after a re-run); re-run on a quiet host to confirm"
  );
}

/** What a recommendation of this cell rests on that its reader should weigh: spread, one repetition, contention. */
export function verdictWarnings(cell: CellSizing): string[] {
  const out: string[] = [];
  const spread = cell.spread;
  if (spread?.wide)
    out.push(
      `wide: planned on its lowest confirmed repetition, ${rateText(cell.planningCeilingPerSec ?? 0, cell.rateUnit)} ` +
        `(repetitions ${Math.round(spread.minPerSec).toLocaleString("en-US")}–${rateText(spread.maxPerSec, cell.rateUnit)}, ` +
        `CV ${(spread.cv * 100).toFixed(1)}%)`,
    );
  else if (spread?.basis === "single-repetition") out.push("one repetition: its spread is unknown");
  const contended = contentionWarning(cell.contendedRepetitions ?? 0, cell.repetitions);
  if (contended) out.push(contended);
  return out;
}
