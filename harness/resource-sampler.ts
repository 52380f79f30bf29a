import type { ResourceSample } from "../contract/resource-sample.ts";
import type { Resources } from "../contract/resources.ts";
import { DEFAULT_CGROUP_ROOT } from "./cgroup/cgroup-files.ts";
import { type CgroupUsage, readCgroupUsage } from "./cgroup/read-cgroup-usage.ts";

/** Above this many samples the series is thinned (every other sample dropped) so hour-long soaks stay small. */
export const MAX_RESOURCE_SAMPLES = 2_000;

const cpuSecondsNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** Samples RSS, JS heap, cgroup memory and CPU time through the run; keeps peaks and a time series. */
export class ResourceSampler {
  readonly samples: ResourceSample[] = [];
  private peakRssBytes = 0;
  private peakHeapUsedBytes = 0;
  private peakCgroupBytes: number | null = null;
  readonly startNs = Bun.nanoseconds();
  private readonly startCpu = process.cpuUsage();
  private readonly startCgroup: CgroupUsage;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stride = 1;
  private ticks = 0;

  constructor(
    private readonly sampleMs: number,
    private readonly cgroupRoot: string = DEFAULT_CGROUP_ROOT,
  ) {
    this.startCgroup = readCgroupUsage(cgroupRoot);
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.sampleMs);
    this.timer.unref();
  }

  /** Takes one sample now (also called by the timer). */
  sample(): ResourceSample {
    const memory = process.memoryUsage();
    const cgroupBytes = readCgroupUsage(this.cgroupRoot).memoryBytes;
    const sample: ResourceSample = {
      elapsedMs: (Bun.nanoseconds() - this.startNs) / 1e6,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      cgroupMemoryBytes: cgroupBytes,
      cpuSeconds: cpuSecondsNow(),
    };
    this.peakRssBytes = Math.max(this.peakRssBytes, sample.rssBytes);
    this.peakHeapUsedBytes = Math.max(this.peakHeapUsedBytes, sample.heapUsedBytes);
    if (cgroupBytes !== null) this.peakCgroupBytes = Math.max(this.peakCgroupBytes ?? 0, cgroupBytes);
    if (this.ticks++ % this.stride === 0) this.keep(sample);
    return sample;
  }

  private keep(sample: ResourceSample): void {
    this.samples.push(sample);
    if (this.samples.length < MAX_RESOURCE_SAMPLES) return;
    const thinned = this.samples.filter((_, index) => index % 2 === 0);
    this.samples.splice(0, this.samples.length, ...thinned);
    this.stride *= 2;
  }

  /** Stops sampling and summarizes; throttling is the delta over this run, not since the cgroup began. */
  stop(): Resources {
    clearInterval(this.timer);
    this.sample();
    const end = readCgroupUsage(this.cgroupRoot);
    const cpu = process.cpuUsage(this.startCpu);
    const delta = (a: number | null, b: number | null) =>
      a === null || b === null ? null : Math.max(0, a - b);
    const throttledSeconds = delta(end.throttledSeconds, this.startCgroup.throttledSeconds);
    const memory = process.memoryUsage();
    return {
      peakRssBytes: this.peakRssBytes,
      peakHeapUsedBytes: this.peakHeapUsedBytes,
      heapSizeBytes: memory.heapTotal,
      cgroupMemoryPeakBytes: peakWithoutCache(end, this.peakCgroupBytes),
      cpuUserSeconds: cpu.user / 1e6,
      cpuSystemSeconds: cpu.system / 1e6,
      cpuThrottledPeriods: delta(end.throttledPeriods, this.startCgroup.throttledPeriods),
      cpuThrottledSeconds: throttledSeconds,
      samples: this.samples,
    };
  }
}

/**
 * The high-water mark less the page cache still droppable at the end (the kernel keeps no peak without cache), never
 * below the sampled peak: a container's first read of its image files otherwise counted as its memory.
 */
function peakWithoutCache(end: CgroupUsage, sampledPeak: number | null): number | null {
  if (end.memoryPeakBytes === null) return sampledPeak;
  return Math.max(sampledPeak ?? 0, end.memoryPeakBytes - end.inactiveFileBytes);
}
