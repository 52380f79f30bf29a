import type { Environment } from "../contract/environment.ts";
import type { Resources } from "../contract/resources.ts";
import { type BenchResult, type Counts, RESULT_SCHEMA_VERSION } from "../contract/result.ts";
import type { RunOutcome } from "./run-outcome.ts";
import type { ParameterValue } from "./scenario.ts";
import type { ScenarioLatency } from "./scenario-latency.ts";

export interface ResultParts {
  scenario: string;
  parameters: Record<string, ParameterValue>;
  warmupMs: number;
  outcome: RunOutcome;
  latencyKind: ScenarioLatency;
  sloP99Ms: number;
  counts: Counts;
  resources: Resources;
  eventLoopLag: BenchResult["eventLoopLag"];
  environment: Environment;
  notes: string[];
}

/** Assembles the contract line from a run's parts; latency/throughput come from the representative phase. */
export function buildResult(parts: ResultParts): BenchResult {
  const rep = parts.outcome.representative;
  const rate = (count: number) => (rep && rep.seconds > 0 ? count / rep.seconds : 0);
  const percentiles = (kind: ScenarioLatency) => {
    const histogram = kind === "publish" ? rep?.window.publish : rep?.window.endToEnd;
    return histogram && (histogram.count > 0 || kind === parts.latencyKind)
      ? histogram.toPercentiles()
      : null;
  };
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    scenario: parts.scenario,
    parameters: { ...parts.parameters, ...parts.outcome.parameters },
    durationMs: parts.outcome.measuredMs,
    warmupMs: parts.warmupMs,
    throughput: {
      publishedPerSec: rate(rep?.counts.published ?? 0),
      deliveredPerSec: rate(rep?.counts.delivered ?? 0),
      ackedPerSec: rate(rep?.counts.acked ?? 0),
    },
    latency: { publish: percentiles("publish"), endToEnd: percentiles("endToEnd") },
    counts: parts.counts,
    resources: parts.resources,
    eventLoopLag: parts.eventLoopLag,
    slo: { p99LatencyMs: parts.sloP99Ms, latency: parts.latencyKind, met: parts.outcome.sloMet },
    steps: parts.outcome.steps,
    ceiling: parts.outcome.ceiling,
    environment: parts.environment,
    notes: parts.notes,
  };
}
