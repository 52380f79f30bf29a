import { expect, test } from "bun:test";
import { backlogTimeline, TIMELINE_POINTS } from "../../../service/workloads/queue-drain/backlog-timeline.ts";

test("a long run's backlog becomes at most 60 points, in time order, each its slice's highest, the peak kept", () => {
  const samples = Array.from({ length: 1000 }, (_, i) => ({
    atMs: i * 100,
    backlog: i === 637 ? 5000 : i % 50,
  }));
  const points = backlogTimeline(samples);
  expect(points.length).toBe(TIMELINE_POINTS);
  expect(points.map(([at]) => at)).toEqual(points.map(([at]) => at).toSorted((a, b) => a - b));
  expect(Math.max(...points.map(([, b]) => b))).toBe(5000);
  expect(points).toContainEqual([63_700, 5000]);
});

test("a short run keeps every sample", () => {
  const samples = [
    { atMs: 0, backlog: 0 },
    { atMs: 100, backlog: 7 },
    { atMs: 200, backlog: 0 },
  ];
  expect(backlogTimeline(samples)).toEqual([
    [0, 0],
    [100, 7],
    [200, 0],
  ]);
});
