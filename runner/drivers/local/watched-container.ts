import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { hostOtherCpuCores } from "../../host/host-probe.ts";
import type { DockerStats } from "../../results/cell-record.ts";
import { secondsOfNanos } from "../../units/units.ts";
import { RunAbortedError } from "../driver-error.ts";
import type { MemberOutcome, RunFacts, RunOptions } from "../execution-driver.ts";
import { readSeenCpus } from "../read-seen-cpus.ts";
import { StatsRecorder } from "../stats-recorder.ts";
import { type ContainerAccounting, mergeCgroupTotals, withCgroupParent } from "./cgroup-accounting.ts";
import { KILL_GRACE_MS, type LocalEnvironment } from "./local-driver.ts";

/** A started container whose OOM events and resource use are being recorded. */
export interface WatchedContainer {
  readonly startedAtMs: number;
  /** Ends the stats stream and returns what it saw. */
  stopStats(): DockerStats | null;
  /** Ends the OOM event watch; true when the kernel reported an OOM for this container. */
  stopOomWatch(): boolean;
}

/** Watches OOM events from before the start (an early OOM is not missed), starts, then streams stats. */
export async function startWatched(docker: DockerApi, id: string): Promise<WatchedContainer> {
  let oomEvent = false;
  const stopOom = await docker.watchOomEvents(id, () => {
    oomEvent = true;
  });
  try {
    await docker.startContainer(id);
  } catch (error) {
    stopOom();
    throw error;
  }
  const startedAtMs = Date.now();
  const recorder = new StatsRecorder(startedAtMs);
  const stopStream = docker.streamStats(id, (sample) => recorder.add(sample));
  return {
    startedAtMs,
    stopStats: () => {
      stopStream();
      return recorder.result();
    },
    stopOomWatch: () => {
      stopOom();
      return oomEvent;
    },
  };
}

/**
 * Creates, starts and watches one container until it exits, times out or is aborted; it is always removed. Under a
 * parent cgroup (when the host allows) its peak memory and CPU come from the kernel's own totals.
 */
export async function runToExit(
  env: LocalEnvironment,
  spec: ContainerSpec,
  options: RunOptions,
): Promise<RunFacts> {
  const { result, totals } = await withCgroupParent(env.accounting, spec, (s) =>
    runContainer(env, s, options),
  );
  const { facts, hostBusySeconds } = result;
  const stats = mergeCgroupTotals(facts.stats, totals, spec.memoryBytes);
  const other = hostOtherCpuCores(hostBusySeconds, stats?.cpuSeconds ?? 0, facts.wallSeconds);
  return { ...facts, stats, hostOtherCpuCores: other };
}

async function runContainer(
  env: LocalEnvironment,
  spec: ContainerSpec,
  options: RunOptions,
): Promise<{ facts: RunFacts; hostBusySeconds: number | null }> {
  const { docker, node } = env;
  const id = await docker.createContainer(spec);
  try {
    const watched = await startWatched(docker, id);
    const startedAt = performance.now();
    // Read while it runs (in-process mode has no readiness to wait for); an early exit leaves figures null.
    const cpuSeen = readSeenCpus(docker, id);
    const busyAtStart = await env.hostBusySeconds();
    const outcome = await waitWithTimeout(docker.waitContainer(id), options.timeoutMs, options.signal);
    const busyAtEnd = await env.hostBusySeconds();
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const stats = watched.stopStats();
    if (outcome.kind !== "exited") {
      await docker.killContainer(id);
      await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
    }
    const oomEvent = watched.stopOomWatch();
    if (outcome.kind === "aborted") throw new RunAbortedError(String(options.signal?.reason ?? "signal"));
    const facts = await stoppedContainerFacts(docker, id, {
      exitCode: outcome.kind === "exited" ? outcome.exitCode : undefined,
      timedOut: outcome.kind === "timeout",
      oomEvent,
      stats,
      node,
      startupMs: null,
      wallSeconds,
    });
    const hostBusySeconds = busyAtStart !== null && busyAtEnd !== null ? busyAtEnd - busyAtStart : null;
    return { facts: { ...facts, cpuSeen: await cpuSeen }, hostBusySeconds };
  } finally {
    await docker.removeContainer(id).catch(() => undefined);
  }
}

/**
 * Runs one unlimited container to its end (stdin written then closed), killing it at the timeout; always removed.
 * Its CPU is the kernel's total for its parent cgroup when the host allows, else the last stats sample.
 */
export async function runMember(
  docker: DockerApi,
  accounting: ContainerAccounting | null,
  spec: ContainerSpec,
  stdin: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MemberOutcome> {
  const run = (s: ContainerSpec) => runMemberContainer(docker, s, stdin, timeoutMs, signal);
  const { result, totals } = await withCgroupParent(accounting, spec, run);
  return totals?.cpuNanos == null ? result : { ...result, cpuSeconds: secondsOfNanos(totals.cpuNanos) };
}

async function runMemberContainer(
  docker: DockerApi,
  spec: ContainerSpec,
  stdin: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MemberOutcome> {
  const id = await docker.createContainer(spec);
  try {
    const send = stdin === undefined ? null : await docker.attachStdin(id);
    const watched = await startWatched(docker, id);
    if (send) await send(stdin ?? "");
    const outcome = await waitWithTimeout(docker.waitContainer(id), timeoutMs, signal);
    const stats = watched.stopStats();
    if (outcome.kind !== "exited") {
      await docker.killContainer(id);
      await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
    }
    watched.stopOomWatch();
    if (outcome.kind === "aborted") throw new RunAbortedError(String(signal?.reason ?? "signal"));
    const logs = await docker.containerLogs(id);
    return {
      exitCode: outcome.kind === "exited" ? outcome.exitCode : null,
      timedOut: outcome.kind === "timeout",
      stdout: logs.stdout,
      stderr: logs.stderr,
      cpuSeconds: stats?.cpuSeconds ?? 0,
    };
  } finally {
    await docker.removeContainer(id).catch(() => undefined);
  }
}

/** What the caller already knows of a stopped run; exitCode undefined: the container's own. */
export type KnownFacts = Pick<
  RunFacts,
  "timedOut" | "oomEvent" | "stats" | "node" | "startupMs" | "wallSeconds"
> & { exitCode?: number | null };

/** A stopped container's logs and final state, with what the caller measured, as its run's facts. */
export async function stoppedContainerFacts(
  docker: DockerApi,
  id: string,
  known: KnownFacts,
): Promise<RunFacts> {
  const logs = await docker.containerLogs(id);
  const state = await docker.inspectContainer(id);
  return {
    ...known,
    exitCode: known.exitCode === undefined ? state.exitCode : known.exitCode,
    oomKilled: state.oomKilled,
    stdout: logs.stdout,
    stderr: logs.stderr,
    applied: state.applied,
    hostOtherCpuCores: null,
  };
}

export type WaitOutcome = { kind: "exited"; exitCode: number } | { kind: "timeout" } | { kind: "aborted" };

/** Waits for the container's exit, the timeout or the abort signal, whichever comes first. */
export async function waitWithTimeout(
  wait: Promise<number>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<WaitOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<WaitOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
  });
  const aborted = new Promise<WaitOutcome>((resolve) => {
    if (signal?.aborted) resolve({ kind: "aborted" });
    onAbort = () => resolve({ kind: "aborted" });
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([
      wait.then((exitCode): WaitOutcome => ({ kind: "exited", exitCode })),
      timeout,
      aborted,
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
