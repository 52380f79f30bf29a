import type { LatencyKind } from "./latency-kind.ts";

const REPORTER: Record<LatencyKind, string> = { publish: "published", endToEnd: "delivered" };

/** A plug-in declared one latency kind but reported only the other: every operation would look lost. */
export class LatencyKindError extends Error {
  constructor(
    readonly declared: LatencyKind,
    readonly reported: LatencyKind,
  ) {
    super(
      `the scenario declares latency "${declared}" (its latency() function) but reported only ${REPORTER[reported]}() completions, never ${REPORTER[declared]}(): ` +
        `call recorder.${REPORTER[declared]}(intendedNs) as each operation completes, or declare latency "${reported}"`,
    );
    this.name = "LatencyKindError";
  }
}
