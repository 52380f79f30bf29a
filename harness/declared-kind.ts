import { LatencyKindError } from "./latency-kind-error.ts";
import type { StepWindow } from "./step-recorder.ts";

/** Only the other latency kind completed: the plug-in reports the wrong kind. */
export function reportsOtherKind(window: StepWindow): boolean {
  const other = window.kind === "publish" ? window.endToEnd : window.publish;
  return window.primary().count === 0 && other.count > 0;
}

/** Throws a LatencyKindError naming both kinds when the plug-in reported the other one. */
export function assertDeclaredKind(window: StepWindow): void {
  if (reportsOtherKind(window))
    throw new LatencyKindError(window.kind, window.kind === "publish" ? "endToEnd" : "publish");
}
