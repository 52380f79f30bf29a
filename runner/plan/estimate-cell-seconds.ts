/**
 * The run-time model behind the dry-run's estimate and the progress ETA's first figure: everything a run does, from
 * the generator's calibration and the host probes to each repetition's containers, steps and end probe. The progress
 * ETA (runner/progress/run-eta.ts) then rescales it by the pace each repetition measures.
 */
import { SHORT_PROBE_INTERVAL_MS } from "../host/host-probe.ts";

/** Load steps a ceiling search takes on average, probe included (measured: 6.5 over 63 repetitions of the standard profile; at most 14). */
export const ESTIMATED_SEARCH_STEPS = 7;
/** Container create, start, stop and removal, plus Bun's start-up. */
export const CONTAINER_OVERHEAD_SECONDS = 3;
/**
 * Server mode: what a step costs beyond its seconds in the repetition's generator session (its drain, workers,
 * connections, and its share of the session's one container): 0.23 s measured (1.8 s over 8 steps, ingest at 0.5
 * vCPU). A container per step (Swarm) cost 0.65-0.79 s.
 */
export const SERVER_STEP_OVERHEAD_SECONDS = 0.25;
/** Server mode: a generator container of its own (a fixed-shape run): create, start, Bun's start-up, removal. */
export const GENERATOR_CONTAINER_SECONDS = 0.75;
/**
 * Server mode: generator steps of a search on average, its closed-loop probe and end probe included (the server
 * profile: 6-11 over quiet repetitions, 18 s a repetition in all; a search that drifted takes up to 15).
 */
export const ESTIMATED_SERVER_SEARCH_STEPS = 8.5;
/** Server mode: the pod's holder, the service's start, the readiness container, then stopping and removing it all. */
export const SERVER_POD_SECONDS = 1.5;
/** The host probe's full form with its container (≈4 s measured), run before the first cell and after the last. */
export const FULL_PROBE_SECONDS = 4.5;
/** The host probe's short form with its container (≈1.8 s measured), once a minute between repetitions. */
export const SHORT_PROBE_SECONDS = 1.9;
/** Server mode: the generator's calibration against a trivial handler (5 steps, ≈13 s), once per host and generator image. */
export const GENERATOR_CALIBRATION_SECONDS = 13;

export type EstimateInput = {
  repetitions: number;
  warmupSeconds: number;
  durationSeconds: number;
  stepSeconds: number;
  timeoutSeconds: number;
  /** The command passes {stepSeconds}: a ceiling search. Otherwise a fixed run of durationSeconds. */
  stepSearch: boolean;
  /** Server mode: the steps (the warm-up included) run in one generator session. */
  server?: boolean;
  /** The run takes host probes (the default): a short one's share is added to each repetition. */
  hostProbe?: boolean;
};

/** One repetition, capped by the timeout: what its containers and load steps take, without the host probes. */
export function estimateRepetitionSeconds(input: Omit<EstimateInput, "repetitions">): number {
  if (input.server) {
    const warmUp = input.warmupSeconds > 0 ? input.warmupSeconds + SERVER_STEP_OVERHEAD_SECONDS : 0;
    const load = input.stepSearch
      ? warmUp + ESTIMATED_SERVER_SEARCH_STEPS * (input.stepSeconds + SERVER_STEP_OVERHEAD_SECONDS)
      : input.durationSeconds + GENERATOR_CONTAINER_SECONDS;
    const runSeconds = SERVER_POD_SECONDS + load;
    return Math.min(input.timeoutSeconds + SERVER_POD_SECONDS, runSeconds);
  }
  const measuredSeconds = input.stepSearch
    ? ESTIMATED_SEARCH_STEPS * input.stepSeconds
    : input.durationSeconds;
  const runSeconds = input.warmupSeconds + measuredSeconds + CONTAINER_OVERHEAD_SECONDS;
  return Math.min(input.timeoutSeconds + CONTAINER_OVERHEAD_SECONDS, runSeconds);
}

/**
 * repetitions × (one repetition, estimateRepetitionSeconds, plus its share of the short host probe taken once a
 * minute). Server mode: the pod + the warm-up + ESTIMATED_SERVER_SEARCH_STEPS × (stepSeconds + a generator container).
 * In-process: warm-up + ESTIMATED_SEARCH_STEPS × stepSeconds (or durationSeconds) + the container's overhead. Counts the
 * planned repetitions: a cell whose ceilings disagree adds more, up to maxRepetitions (the progress ETA follows them).
 */
export function estimateCellSeconds(input: EstimateInput): number {
  const repetition = estimateRepetitionSeconds(input);
  const probeShare =
    input.hostProbe === false ? 0 : repetition * ((SHORT_PROBE_SECONDS * 1000) / SHORT_PROBE_INTERVAL_MS);
  return input.repetitions * (repetition + probeShare);
}

/** What a run spends outside its cells' repetitions: before the first (calibration, full probe) and after the last. */
export function runOverheadSeconds(options: { server: boolean; hostProbe?: boolean; anyCell: boolean }): {
  /** While the run is prepared, before the progress starts. */
  calibration: number;
  beforeCells: number;
  afterCells: number;
} {
  if (!options.anyCell) return { calibration: 0, beforeCells: 0, afterCells: 0 };
  const probe = options.hostProbe === false ? 0 : FULL_PROBE_SECONDS;
  const calibration = options.server ? GENERATOR_CALIBRATION_SECONDS : 0;
  return { calibration, beforeCells: probe, afterCells: probe };
}

/** The whole run: its cells, the probes around them and (server mode) the generator's calibration; not image builds. */
export function estimateRunSeconds(
  cellSeconds: Record<string, number>,
  options: { server: boolean; hostProbe?: boolean },
): number {
  const cells = Object.values(cellSeconds).reduce((sum, seconds) => sum + seconds, 0);
  const overhead = runOverheadSeconds({ ...options, anyCell: cells > 0 });
  return overhead.calibration + overhead.beforeCells + cells + overhead.afterCells;
}
