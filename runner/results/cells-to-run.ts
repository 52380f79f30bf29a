import type { Cell } from "../plan/cell.ts";
import type { CellRecord } from "./cell-record.ts";

/** On resume: the planned cells with no record yet, or whose record says the engine went away. */
export function cellsToRun(planned: Cell[], done: Map<string, CellRecord>): Cell[] {
  return planned.filter((cell) => {
    const record = done.get(cell.id);
    return !record || record.status === "engine-lost";
  });
}
