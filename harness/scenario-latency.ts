import type { StepWindow } from "./step-recorder.ts";

/** Which latency a scenario measures: publish acknowledgement, or publish to delivery. */
export type ScenarioLatency = "publish" | "endToEnd";

const REPORTER: Record<ScenarioLatency, string> = { publish: "published", endToEnd: "delivered" };

/** A plug-in declared one latency kind but reported only the other: every operation would look lost. */
export class ScenarioLatencyError extends Error {
  constructor(
    readonly declared: ScenarioLatency,
    readonly reported: ScenarioLatency,
  ) {
    super(
      `the scenario declares latency "${declared}" (its latency() function) but reported only ${REPORTER[reported]}() completions, never ${REPORTER[declared]}(): ` +
        `call recorder.${REPORTER[declared]}(intendedNs) as each operation completes, or declare latency "${reported}"`,
    );
    this.name = "ScenarioLatencyError";
  }
}

/** Only the other latency kind completed: the plug-in reports the wrong kind. */
export function reportsOtherLatency(window: StepWindow): boolean {
  const other = window.kind === "publish" ? window.endToEnd : window.publish;
  return window.primary().count === 0 && other.count > 0;
}

/** Throws a ScenarioLatencyError naming both kinds when the plug-in reported the other one. */
export function assertDeclaredLatency(window: StepWindow): void {
  if (reportsOtherLatency(window))
    throw new ScenarioLatencyError(window.kind, window.kind === "publish" ? "endToEnd" : "publish");
}
