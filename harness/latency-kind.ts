/** Which latency a scenario measures: publish acknowledgement, or publish to delivery. */
export type LatencyKind = "publish" | "endToEnd";
