import type { LoadStep } from "../../contract/result.ts";
import type { CeilingSearchOptions, SearchPhase } from "../../search/ceiling-search.ts";
import { stepMeetsSlo } from "../../search/step-verdict.ts";

export const SIMULATED_SLO_MS = 100;
const SIMULATED_STEP_MS = 1000;
/** Jitter of a passing step's achieved rate around the offered rate (window edges). */
const ACHIEVED_JITTER = 0.005;

export interface SimulatedCellSpec {
  /** The open-loop capacity C: a step passes when it offers no more than C (times this step's noise). */
  capacityPerSec: number;
  seed: number;
  /** Each step's capacity is C x U(1 - noise, 1 + noise). */
  noise?: number;
  /**
   * The raw throughput (what an overloaded step delivers) as a multiple of C: 1 when throughput binds; above 1 when
   * the SLO binds first (steps between C and the throughput fail on p99 while delivering what was offered).
   */
  throughputFactor?: number;
  /**
   * An overloaded step delivers its throughput times this (1: none). Below 1 the workload sags under overload, as the
   * in-container engine at 0.5 vCPU does (it delivered 385-468K msg/s at twice its rate, yet passed at 457K).
   */
  overloadSag?: number;
  /** The probe's estimate as a fraction of C (1: in-process; 0.7: a latency-bound probe that underestimates). */
  probeBias?: number;
  /** Chance that a step stalls (a host hiccup fails it whatever its rate). */
  stallChance?: number;
  /** Load steps (0-based, probe excluded) that stall for certain. */
  stalledSteps?: readonly number[];
  /** The capacity is multiplied by (1 + drift) after every step: a workload whose capacity drifts. */
  driftPerStep?: number;
  /** After its first overloaded step the capacity falls to this share of C (a heap filling, state growing). */
  slowAfterFirstOverload?: number;
}

export interface SimulatedCell extends Pick<CeilingSearchOptions, "probe" | "runStep"> {
  /** The capacity (noise aside) at each load step run so far, in order. */
  capacities: number[];
}

/** A fake cell for the ceiling search: a seeded, deterministic stand-in for runStep and the probe. */
export function simulatedCell(spec: SimulatedCellSpec): SimulatedCell {
  const random = seededRandom(spec.seed);
  const noise = spec.noise ?? 0.03;
  const capacities: number[] = [];
  let capacity = spec.capacityPerSec;
  let loadSteps = 0;
  const jitter = (width: number) => 1 + width * (2 * random() - 1);
  const probe = async () => {
    const achieved = capacity * (spec.probeBias ?? 1) * jitter(noise);
    capacity *= 1 + (spec.driftPerStep ?? 0);
    // A closed loop that reaches past the SLO's crossing (the SLO binds first) shows it in its own p99.
    const p99Ms = (spec.throughputFactor ?? 1) > 1 ? SIMULATED_SLO_MS * 3 : SIMULATED_SLO_MS / 2;
    return step("probe", achieved, achieved, p99Ms);
  };
  const runStep = async (offered: number, phase: SearchPhase) => {
    const index = loadSteps++;
    capacities.push(capacity);
    const stepCapacity = capacity * jitter(noise);
    capacity *= 1 + (spec.driftPerStep ?? 0);
    const stalled = (spec.stalledSteps ?? []).includes(index) || random() < (spec.stallChance ?? 0);
    const throughput = stepCapacity * (spec.throughputFactor ?? 1);
    if (offered > stepCapacity && spec.slowAfterFirstOverload !== undefined)
      capacity = Math.min(capacity, spec.capacityPerSec * spec.slowAfterFirstOverload);
    if (offered > stepCapacity)
      return step(
        phase,
        offered,
        Math.min(offered, throughput) * (spec.overloadSag ?? 1),
        SIMULATED_SLO_MS * 3,
      );
    return step(phase, offered, offered * jitter(ACHIEVED_JITTER), SIMULATED_SLO_MS * (stalled ? 2 : 0.5));
  };
  return { probe, runStep, capacities };
}

function step(phase: LoadStep["phase"], offered: number, achieved: number, p99Ms: number): LoadStep {
  const figures = { offeredPerSec: offered, achievedPerSec: achieved, p99Ms, errors: 0, lost: 0, dropped: 0 };
  return {
    phase,
    offeredPerSec: offered,
    achievedPerSec: achieved,
    durationMs: SIMULATED_STEP_MS,
    latency: {
      count: Math.round(offered),
      p50Ms: p99Ms / 4,
      p90Ms: p99Ms / 2,
      p95Ms: p99Ms,
      p99Ms,
      p999Ms: p99Ms,
      maxMs: p99Ms,
    },
    errors: 0,
    lost: 0,
    dropped: 0,
    processCpuSeconds: null,
    generatorCpuSeconds: null,
    sloMet: stepMeetsSlo(figures, SIMULATED_SLO_MS),
  };
}

/** mulberry32: a small seeded PRNG, so a simulated search is the same on every run. Values in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
