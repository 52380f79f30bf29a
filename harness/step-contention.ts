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

const since = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(0, a - b));

/** The counters accumulated since `before`. */
export function contentionSince(before: ContentionCounters): ContentionCounters {
  const after = readContention();
  return {
    throttledSeconds: since(after.throttledSeconds, before.throttledSeconds),
    runQueueWaitSeconds: since(after.runQueueWaitSeconds, before.runQueueWaitSeconds),
    mainRunQueueWaitSeconds: since(after.mainRunQueueWaitSeconds, before.mainRunQueueWaitSeconds),
  };
}

/** A short text for the step's stderr line. */
export function describeContention(delta: ContentionCounters): string {
  const part = (label: string, seconds: number | null) =>
    seconds === null ? "" : ` ${label} ${seconds.toFixed(3)} s`;
  return (
    part("throttled", delta.throttledSeconds) +
    part("runq-wait", delta.runQueueWaitSeconds) +
    (delta.mainRunQueueWaitSeconds === null ? "" : `${part("(js thread", delta.mainRunQueueWaitSeconds)})`)
  );
}
