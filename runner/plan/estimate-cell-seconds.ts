/** Load steps a ceiling search takes on average, probe included (measured: 6.5 over 63 repetitions of the standard profile; at most 14). */
export const ESTIMATED_SEARCH_STEPS = 7;
/** Container create, start, stop and removal, plus Bun's start-up. */
export const CONTAINER_OVERHEAD_SECONDS = 3;
/** Server mode: each step is a generator container (create, start, Bun start-up, removal); measured ~1 s here. */
export const SERVER_STEP_OVERHEAD_SECONDS = 1;
/** Server mode: a search takes more steps than in-container ones (measured 9-14 steps). */
export const ESTIMATED_SERVER_SEARCH_STEPS = 12;

export type EstimateInput = {
  repetitions: number;
  warmupSeconds: number;
  durationSeconds: number;
  stepSeconds: number;
  timeoutSeconds: number;
  /** The command passes {stepSeconds}: a ceiling search. Otherwise a fixed run of durationSeconds. */
  stepSearch: boolean;
  /** Server mode: one generator container per step (the warm-up included). */
  server?: boolean;
};

/**
 * repetitions × min(timeout, warm-up + measured time + overhead), where measured time is
 * ESTIMATED_SEARCH_STEPS × stepSeconds for a ceiling search, durationSeconds for a fixed run. Counts the planned
 * repetitions: a cell whose ceilings disagree adds more, up to maxRepetitions (the progress ETA follows the pace).
 */
export function estimateCellSeconds(input: EstimateInput): number {
  const measuredSeconds = input.server
    ? input.stepSearch
      ? ESTIMATED_SERVER_SEARCH_STEPS * (input.stepSeconds + SERVER_STEP_OVERHEAD_SECONDS) +
        SERVER_STEP_OVERHEAD_SECONDS
      : input.durationSeconds + SERVER_STEP_OVERHEAD_SECONDS
    : input.stepSearch
      ? ESTIMATED_SEARCH_STEPS * input.stepSeconds
      : input.durationSeconds;
  const runSeconds = input.warmupSeconds + measuredSeconds + CONTAINER_OVERHEAD_SECONDS;
  return input.repetitions * Math.min(input.timeoutSeconds + CONTAINER_OVERHEAD_SECONDS, runSeconds);
}
