import type { DockerApi } from "../../docker/docker-api.ts";
import type { DockerStats } from "../../results/cell-record.ts";
import { StatsRecorder } from "../stats-recorder.ts";

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
