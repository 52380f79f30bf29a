import type { BenchResult, LoadStep } from "../../../contract/result.ts";
import { ceilingSearch } from "../../../search/ceiling-search.ts";
import { generatorDoubt } from "../../load/generator-trust.ts";
import {
  type ConcurrencySearchRecord,
  type ConcurrencyTrial,
  capSetCeiling,
  nextConcurrency,
  trialOf,
} from "../../results/concurrency-search.ts";
import { runServerStep, type ServerStepContext, stepRequest } from "./run-server-step.ts";

type Search = Awaited<ReturnType<typeof ceilingSearch>>;

/** One search's trial: its ceiling, the confirming step's figures, and the trust rule on them. */
function trial(context: ServerStepContext, search: Search): ConcurrencyTrial {
  const ceilingPerSec = search.ceiling?.ceilingPerSec ?? null;
  const confirm: LoadStep | null =
    ceilingPerSec === null
      ? null
      : (search.steps.filter((s) => s.phase === "confirm" && s.sloMet).at(-1) ?? null);
  const result = { ceiling: search.ceiling, steps: search.steps } as Pick<BenchResult, "ceiling" | "steps">;
  // The pod's node is known only once it finishes: the trust rule takes this host's cores.
  const doubt = generatorDoubt(context.cell, result, { node: null });
  return trialOf(context.cell.concurrency, ceilingPerSec, confirm, search.steps.length, doubt);
}

/**
 * After the axis' own search: when the cap set the ceiling, search again in the same pod at double the concurrency
 * until nextConcurrency says stop. null when the cap did not set it (nothing to search). A step error ends it.
 */
export async function runConcurrencySearch(
  context: ServerStepContext,
  first: Search,
): Promise<ConcurrencySearchRecord | null> {
  const trials = [trial(context, first)];
  if (!capSetCeiling(trials[0] as ConcurrencyTrial, context.cell.cpus)) return null;
  for (;;) {
    const step = nextConcurrency(trials);
    if ("stop" in step) return { trials, stoppedBecause: step.stop, note: step.note };
    const at: ServerStepContext = { ...context, cell: { ...context.cell, concurrency: step.next } };
    try {
      const search = await ceilingSearch({
        probe: () => runServerStep(at, stepRequest(at, null, "probe")),
        runStep: (rate, phase) => runServerStep(at, stepRequest(at, rate, phase)),
      });
      trials.push(trial(at, search));
    } catch (error) {
      if (context.signal.aborted) throw error;
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      return { trials, stoppedBecause: "failed", note: `at ${step.next} a step failed: ${why}` };
    }
  }
}
