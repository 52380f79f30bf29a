import { z } from "zod";
import { FixedTimeline, type FixedTimelines } from "../../../contract/generator-step.ts";

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
