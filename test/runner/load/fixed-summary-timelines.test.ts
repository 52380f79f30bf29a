import { expect, test } from "bun:test";
import { MAX_TIMELINE_POINTS } from "../../../contract/generator-step.ts";
import {
  parseFixedSummary,
  readTimelineParameters,
  timelineParameters,
} from "../../../runner/load/fixed-summary.ts";

const line = {
  bcFixedSummary: 1,
  workload: "queue-drain",
  figures: { peakBacklogMessages: 120 },
  failures: 0,
  connectionsRequested: null,
  window: { startMs: 1, holdStartMs: null, holdEndMs: null },
};

test("a summary's timelines parse, round-trip through result parameters, and stay optional", () => {
  const points: Array<[number, number]> = [
    [0, 0],
    [100, 52],
    [3400, 0],
  ];
  const summary = parseFixedSummary(JSON.stringify({ ...line, timelines: { backlogMessages: points } }), "");
  expect(summary.timelines?.backlogMessages).toEqual(points);
  const stored = timelineParameters(summary.timelines);
  expect(stored).toEqual({ "timeline.backlogMessages": "[[0,0],[100,52],[3400,0]]" });
  expect(readTimelineParameters({ ...stored, "fixed.drainMs": 9, port: 8080 })).toEqual({
    timelines: { backlogMessages: points },
    problems: [],
  });
  expect(parseFixedSummary(JSON.stringify(line), "").timelines).toBeUndefined();
  expect(timelineParameters(undefined)).toEqual({});
});

test("a runaway or malformed series is refused at the boundary and named when stored", () => {
  const tooMany = Array.from({ length: MAX_TIMELINE_POINTS + 1 }, (_, i) => [i, i]);
  expect(() =>
    parseFixedSummary(JSON.stringify({ ...line, timelines: { backlogMessages: tooMany } }), ""),
  ).toThrow(/malformed/);
  expect(() =>
    parseFixedSummary(JSON.stringify({ ...line, timelines: { backlogMessages: [[-1, 3]] } }), ""),
  ).toThrow(/malformed/);
  const read = readTimelineParameters({ "timeline.a": "not json", "timeline.b": "[[1]]" });
  expect(read.timelines).toEqual({});
  expect(read.problems).toHaveLength(2);
  expect(read.problems[0]).toContain("timeline.a is not JSON");
  expect(read.problems[1]).toContain("timeline.b");
});
