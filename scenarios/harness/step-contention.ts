import { readdirSync, readFileSync } from "node:fs";
import { readCgroupUsage } from "./cgroup/read-cgroup-usage.ts";

/** Where a step's time went besides running: CFS throttling of the cgroup, and run-queue waits (host contention). */
export interface ContentionCounters {
  /** Seconds the cgroup was throttled (its CPU quota used up); null without cgroup counters. */
  throttledSeconds: number | null;
  /** Seconds this process's threads were runnable but waited for a CPU (/proc schedstat); null off Linux. */
  runQueueWaitSeconds: number | null;
  /** The same for the JavaScript (main) thread alone. */
  mainRunQueueWaitSeconds: number | null;
}

const waitSeconds = (path: string) => Number(readFileSync(path, "utf8").split(" ")[1] ?? 0) / 1e9;

/** Sum of the run-queue wait (second schedstat field, ns) over every thread of this process. */
function runQueueWaitSeconds(): number | null {
  try {
    let waited = 0;
    for (const task of readdirSync("/proc/self/task"))
      waited += waitSeconds(`/proc/self/task/${task}/schedstat`);
    return waited;
  } catch {
    return null;
  }
}

function mainRunQueueWaitSeconds(): number | null {
  try {
    return waitSeconds(`/proc/self/task/${process.pid}/schedstat`);
  } catch {
    return null;
  }
}

/** Reads both counters now (a few small /proc and cgroup files: once per step, never per operation). */
export function readContention(): ContentionCounters {
  return {
    throttledSeconds: readCgroupUsage().throttledSeconds,
    runQueueWaitSeconds: runQueueWaitSeconds(),
    mainRunQueueWaitSeconds: mainRunQueueWaitSeconds(),
  };
}

/** The counters accumulated since `before`, as a short text for the step's stderr line. */
export function describeContentionSince(before: ContentionCounters): string {
  const after = readContention();
  const part = (label: string, a: number | null, b: number | null) =>
    a === null || b === null ? "" : ` ${label} ${Math.max(0, a - b).toFixed(3)} s`;
  return (
    part("throttled", after.throttledSeconds, before.throttledSeconds) +
    part("runq-wait", after.runQueueWaitSeconds, before.runQueueWaitSeconds) +
    part("(js thread", after.mainRunQueueWaitSeconds, before.mainRunQueueWaitSeconds) +
    (after.mainRunQueueWaitSeconds === null ? "" : ")")
  );
}
