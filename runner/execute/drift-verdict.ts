import type { HostProbe } from "../../contract/host-probe.ts";
import type { BenchResult } from "../../contract/result.ts";
import { DRIFT_ADVICE, describeSearchDrift, searchDrift } from "../../search/search-drift.ts";
import { RunAbortedError } from "../drivers/driver-error.ts";
import { RunInterruptedError } from "../host/host-lock.ts";
import type { Repetition } from "../results/cell-record.ts";

/** The host probe's composite may fall this much within a repetition before the host, not the service, is blamed. */
export const HOST_DRIFT_TOLERANCE = 0.1;

/**
 * Where a repetition's host probes come from (RunContext.hostProbes). The wiring point for runner/host/host-probe.ts:
 * latest: the run's most recent probe (the scheduler takes a short one whenever a minute has passed), or
 * runHostProbe(docker, { form: "short" }) when none is kept; now: runHostProbe(docker, { form: "short" }).
 */
export interface HostProbes {
  /** The host probe nearest before a repetition starts: called once per repetition, so keep it cheap. */
  latest(): Promise<HostProbe | null>;
  /** A short host probe taken now (null when it failed): called only after a search that drifted (~2 s). */
  now(): Promise<HostProbe | null>;
}

/** The host probe's short form taken when a repetition starts and when it ends (either may be missing). */
export interface HostProbePair {
  start: HostProbe | null;
  end: HostProbe | null;
}

export interface DriftVerdict {
  status: "drifted";
  message: string;
  /** Which changed: the host (its probe fell too), the service (it held), or unknown (not probed, or it rose). */
  cause: "host" | "service" | "unknown";
}

/**
 * A finished search whose workload slowed while it ran (search/search-drift.ts) is `drifted`. The host probe pair
 * says which changed: the host when its composite fell by more than HOST_DRIFT_TOLERANCE, the service when it held
 * within it, neither when it rose by more.
 * Null when the search kept its speed (or the result is not a search).
 */
export function driftVerdict(result: BenchResult | null, host: HostProbePair | null): DriftVerdict | null {
  if (!result?.ceiling) return null;
  const drift = searchDrift(result.steps, result.ceiling.ceilingPerSec);
  if (drift === null) return null;
  const { cause, why } = blame(host);
  return {
    status: "drifted",
    cause,
    message: `drifted: ${why}; ${describeSearchDrift(drift)}; ${DRIFT_ADVICE}`,
  };
}

function blame(host: HostProbePair | null): { cause: DriftVerdict["cause"]; why: string } {
  const { start, end } = host ?? { start: null, end: null };
  if (start === null || end === null)
    return {
      cause: "unknown",
      why: "the service or the host slowed during the search (the host was not probed, so which cannot be told)",
    };
  if (start.probeVersion !== end.probeVersion)
    return {
      cause: "unknown",
      why: `the service or the host slowed during the search (host probes of versions ${start.probeVersion} and ${end.probeVersion} do not compare)`,
    };
  const moved = `host probe ${start.composite.toFixed(2)} at the start, ${end.composite.toFixed(2)} at the end`;
  if (end.composite < (1 - HOST_DRIFT_TOLERANCE) * start.composite)
    return { cause: "host", why: `the host slowed during the search (its probe fell too: ${moved})` };
  // A host that sped up while the service slowed moved too: its speed swung, so neither side can be named.
  if (end.composite > (1 + HOST_DRIFT_TOLERANCE) * start.composite)
    return {
      cause: "unknown",
      why: `the service slowed during the search while the host's probe rose (${moved}): the host's speed moved, so whether the service or the host changed cannot be told`,
    };
  return {
    cause: "service",
    why: `the service slowed during the search while the host held (${moved}): state growing, a cache churning or a heap filling`,
  };
}

/**
 * Runs one repetition between two host probes: the latest as it starts, a fresh one only when its search drifted.
 * An ok repetition whose search drifted becomes `drifted`, its message naming what changed.
 */
export async function withDriftCheck(
  run: () => Promise<Repetition>,
  hostProbes: HostProbes | undefined,
): Promise<Repetition> {
  const start = hostProbes ? await probeQuietly(() => hostProbes.latest()) : null;
  const repetition = await run();
  // A measured repetition the generator check doubted (exceeds-host with a result) may have drifted first: a
  // search that walked down below the service's rate leaves the service idle at its "ceiling".
  const measured = repetition.status === "ok" || (repetition.status === "exceeds-host" && repetition.result);
  if (!measured || driftVerdict(repetition.result, null) === null) return repetition;
  const end = hostProbes ? await probeQuietly(() => hostProbes.now()) : null;
  const drift = driftVerdict(repetition.result, { start, end });
  if (!drift) return repetition;
  const also = repetition.status === "ok" ? "" : `; also, at the ceiling it ended on, ${repetition.message}`;
  return { ...repetition, status: drift.status, message: `${drift.message}${also}` };
}

/** A host probe that fails costs the drift message its cause, never the repetition. */
async function probeQuietly(probeHost: () => Promise<HostProbe | null>): Promise<HostProbe | null> {
  try {
    return await probeHost();
  } catch (error) {
    if (error instanceof RunAbortedError) throw new RunInterruptedError(error.reason);
    if (error instanceof RunInterruptedError) throw error;
    return null;
  }
}
