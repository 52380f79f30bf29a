import { afterAll, beforeAll, expect, test } from "bun:test";
import { TIMELINE_POINTS } from "../../../service/workloads/queue-drain/backlog-timeline.ts";
import { type ServiceProcess, serviceStats, startServiceProcess } from "./fixed-shape-service.ts";
import { runFixedModule } from "./run-fixed-module.ts";

let service: ServiceProcess;
beforeAll(async () => {
  service = await startServiceProcess();
});
afterAll(() => service.stop());

// queue-drain.ts against the bundled service on 127.0.0.1: 600 msg/s offered for 2 s against one worker that
// processes 2 at a time, 10 ms each (200/s): the backlog grows while producers run, then drains.
test("offered above the workers' capacity: the backlog grows (saturation > 1), then drains to 0", async () => {
  const { summary } = await runFixedModule(service.port, "queue-drain", {
    rate: 600,
    "produce-ms": 2000,
    workers: 1,
    "worker-concurrency": 2,
    "work-ms": 10,
    "max-drain-ms": 20_000,
  });
  expect(summary).toMatchObject({ workload: "queue-drain", connectionsRequested: null, failures: 0 });
  const f = summary.figures;
  expect(Object.keys(f)).toEqual([
    "peakBacklogMessages",
    "drainMs",
    "drained",
    "createdPerSec",
    "processedPerSec",
    "saturationRatio",
    "workerCapacityPerSec",
    "offeredPerSec",
    "produceMs",
    "publishRejectedCount",
    "producerDroppedCount",
  ]);
  expect(f).toMatchObject({
    drained: 1,
    workerCapacityPerSec: 200,
    offeredPerSec: 600,
    produceMs: 2000,
    publishRejectedCount: 0,
    producerDroppedCount: 0,
  });
  // 1,200 published at 600/s and about 200/s processed: a backlog of several hundred at the end of production.
  expect(f.peakBacklogMessages).toBeGreaterThan(400);
  expect(f.peakBacklogMessages).toBeLessThanOrEqual(1200);
  expect(f.createdPerSec).toBeGreaterThan(450);
  expect(f.processedPerSec).toBeLessThanOrEqual(210);
  expect(f.saturationRatio).toBeGreaterThan(1.5);
  // Draining the rest at ~200/s takes seconds, not milliseconds.
  expect(f.drainMs).toBeGreaterThan(1000);
  // The series: bounded, in time order, keeps the peak, and falls near empty (its last slice's highest point).
  const backlog = summary.timelines?.backlogMessages ?? [];
  expect(backlog.length).toBeGreaterThan(10);
  expect(backlog.length).toBeLessThanOrEqual(TIMELINE_POINTS);
  expect(backlog.map(([atMs]) => atMs)).toEqual(backlog.map(([atMs]) => atMs).toSorted((a, b) => a - b));
  expect(Math.max(...backlog.map(([, messages]) => messages))).toBe(f.peakBacklogMessages as number);
  expect(backlog.at(-1)?.[1]).toBeLessThan((f.peakBacklogMessages as number) / 10);
  const after = await serviceStats(service);
  expect({ open: after.connections.open, subscriptions: Object.keys(after.subscriptions) }).toEqual({
    open: 0,
    subscriptions: [],
  });
}, 40_000);

test("workers faster than the producers: no backlog builds up, it is empty right after production", async () => {
  const { summary } = await runFixedModule(service.port, "queue-drain", {
    rate: 100,
    "produce-ms": 1000,
    workers: 2,
    "worker-concurrency": 8,
    "work-ms": 1,
  });
  const f = summary.figures;
  expect(f).toMatchObject({ drained: 1, publishRejectedCount: 0, producerDroppedCount: 0 });
  expect(f.peakBacklogMessages).toBeLessThan(20);
  expect(f.drainMs).toBeLessThan(500);
  expect(f.saturationRatio).toBeLessThan(1.2);
}, 30_000);
