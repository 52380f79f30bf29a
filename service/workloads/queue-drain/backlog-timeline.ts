import type { FixedTimeline } from "../../../contract/generator-step.ts";

/** The report's chart takes at most this many points. */
export const TIMELINE_POINTS = 60;

export interface BacklogSample {
  /** ms since production began */
  atMs: number;
  backlog: number;
}

/** At most TIMELINE_POINTS [atMs, backlog] points: each slice of the run keeps its highest backlog, so the peak survives. */
export function backlogTimeline(samples: BacklogSample[]): FixedTimeline {
  const slices = Math.min(TIMELINE_POINTS, samples.length);
  const points: FixedTimeline = [];
  for (let i = 0; i < slices; i++) {
    const slice = samples.slice(
      Math.floor((i * samples.length) / slices),
      Math.floor(((i + 1) * samples.length) / slices),
    );
    const top = slice.reduce((a, b) => (b.backlog > a.backlog ? b : a));
    points.push([top.atMs, top.backlog]);
  }
  return points;
}
