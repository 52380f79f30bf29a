import { z } from "zod";
import { FixedSummary, FixedTimeline, type FixedTimelines } from "../../contract/generator-step.ts";
import { GeneratorOutputError, parseGeneratorLine } from "./bun-generator/generator-output.ts";

// A fixed-shape workload's summary line: parsed and checked, its known figures, its series as result parameters.

const count = z.number().int().nonnegative();
/** Acknowledged minus what the service acked or kept: negative when it holds more than it acknowledged. */
const signedCount = z.number().int();
const percent = z.number().nonnegative();

/**
 * The figures of service/workloads/abrupt-disconnect.ts: what the service
 * acknowledged (publish 200) against what it acked before the subscribers dropped and what it still held right
 * after the drop and after the settle time (confirmed by draining it). kept % = (acked + kept) / acknowledged.
 */
export const AbruptDisconnectFigures = z
  .looseObject({
    publishedAcknowledgedCount: count,
    publishFailedCount: count,
    subscribersRequestedCount: count,
    subscribersConnectedCount: count,
    /** Subscribers that cut their TCP connection without a close frame, and those that had to close normally. */
    subscribersDroppedAbruptlyCount: count,
    subscribersClosedOrderlyCount: count,
    /** The service's own count of sockets closed without a close frame (code 1006) during the run. */
    serverAbruptClosesCount: count,
    subscriberAcksSentCount: count,
    ackedAtDropCount: count,
    keptAtOnceCount: count,
    lostAtOnceCount: signedCount,
    keptAtOncePercent: percent,
    keptAfterSettleCount: count,
    lostAfterSettleCount: signedCount,
    keptAfterSettlePercent: percent,
    settleMs: count,
    drainMs: count,
  })
  .refine(
    (f) => f.lostAtOnceCount === f.publishedAcknowledgedCount - f.ackedAtDropCount - f.keptAtOnceCount,
    {
      message: "lostAtOnceCount must equal publishedAcknowledgedCount - ackedAtDropCount - keptAtOnceCount",
    },
  )
  .refine(
    (f) =>
      f.lostAfterSettleCount === f.publishedAcknowledgedCount - f.ackedAtDropCount - f.keptAfterSettleCount,
    {
      message:
        "lostAfterSettleCount must equal publishedAcknowledgedCount - ackedAtDropCount - keptAfterSettleCount",
    },
  );
export type AbruptDisconnectFigures = z.infer<typeof AbruptDisconnectFigures>;

/** Per-workload figure schemas: a known workload's line must carry its figures; others are checked generically. */
const FIXED_FIGURE_SCHEMAS: Record<string, z.ZodType> = {
  "abrupt-disconnect": AbruptDisconnectFigures,
};

/** The last fixed-shape summary line of the generator's stdout, validated (a known workload's figures by its own schema). */
export function parseFixedSummary(stdout: string, stderr: string): FixedSummary {
  const summary = parseGeneratorLine(stdout, stderr, "bcFixedSummary", FixedSummary);
  const figures = FIXED_FIGURE_SCHEMAS[summary.workload]?.safeParse(summary.figures);
  if (figures && !figures.success)
    throw GeneratorOutputError.from(
      `the ${summary.workload} figures are malformed: ${z.prettifyError(figures.error)}`,
      stderr,
    );
  return summary;
}

/** Result parameters holding a fixed-shape series start with this; the value is the series as compact JSON. */
export const TIMELINE_PARAMETER_PREFIX = "timeline.";

/** The series as result parameters (the contract's parameters hold strings, numbers and booleans). */
export function timelineParameters(timelines: FixedTimelines | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, points] of Object.entries(timelines ?? {}))
    out[`${TIMELINE_PARAMETER_PREFIX}${name}`] = JSON.stringify(points);
  return out;
}

export interface ReadTimelines {
  timelines: FixedTimelines;
  /** A stored series that does not parse is named here, never replaced by an empty one. */
  problems: string[];
}

/** The series stored in a result's parameters, each validated. */
export function readTimelineParameters(parameters: Record<string, unknown>): ReadTimelines {
  const timelines: FixedTimelines = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(parameters)) {
    if (!key.startsWith(TIMELINE_PARAMETER_PREFIX)) continue;
    const name = key.slice(TIMELINE_PARAMETER_PREFIX.length);
    let json: unknown;
    try {
      json = typeof value === "string" ? JSON.parse(value) : value;
    } catch {
      problems.push(`parameter ${key} is not JSON`);
      continue;
    }
    const parsed = FixedTimeline.safeParse(json);
    if (parsed.success) timelines[name] = parsed.data;
    else problems.push(`parameter ${key}: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`);
  }
  return { timelines, problems };
}
