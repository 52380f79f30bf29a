import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { CPU_BOUNDS } from "../config/field-schemas.ts";
import { MAX_CONTAINER_RUNS } from "../config/input-limits.ts";
import { MatrixError } from "../config/matrix-error.ts";
import { formatMemorySize } from "../config/memory-size.ts";
import type { Plan } from "./plan.ts";

/** What a run needs of a plan before anything starts: some cells, Cloud Run sizes (unless forced), a sane total. */
export function validatePlan(plan: Plan, options: { force: boolean }): void {
  const fail = (message: string, nextStep: string) =>
    new MatrixError(plan.matrixPath, [{ path: "", line: null, column: null, message }], {
      nextStep,
      headline: "Nothing sensible to run",
    });
  if (plan.cells.length === 0)
    throw fail(
      "the plan has 0 cells (exclude rules or the command line's axis flags remove every cell)",
      "Loosen exclude, or pick --cpus/--memory/--smol/--scenario values the matrix has.",
    );
  if (!options.force) {
    const tooBig = plan.cells.find(
      (cell) => cell.cpus > CPU_BOUNDS.cloudRunMax || cell.memoryBytes > CLOUD_RUN_LIMITS.maxMemoryBytes,
    );
    if (tooBig)
      throw fail(
        `cell ${tooBig.id} asks for ${tooBig.cpus} CPUs and ${formatMemorySize(tooBig.memoryBytes)} (axes.cpus/axes.memory, an include rule, or --cpus/--memory); the largest Cloud Run instance has ${CPU_BOUNDS.cloudRunMax} CPUs and ${formatMemorySize(CLOUD_RUN_LIMITS.maxMemoryBytes)}`,
        "Use smaller sizes, or pass --force to measure them anyway.",
      );
  }
  const runnable = plan.cells.filter((cell) => cell.exceedsHost === null);
  if (runnable.length === 0)
    throw fail(
      `none of the ${plan.cells.length} cells fits this host (${plan.cells[0]?.exceedsHost})`,
      "Plan smaller cells, or pass --force to run them anyway.",
    );
  const runs = runnable.reduce((sum, cell) => sum + cell.repetitions, 0);
  if (runs > MAX_CONTAINER_RUNS)
    throw fail(
      `${runs} container runs planned; at most ${MAX_CONTAINER_RUNS} are accepted`,
      "Use fewer axis values or fewer repetitions.",
    );
}
