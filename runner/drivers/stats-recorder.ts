import type { StatsSample } from "../docker/docker-api.ts";
import type { DockerStats } from "../results/cell-record.ts";
import { secondsOfNanos } from "../units/units.ts";

/** Accumulates the Docker stats stream of one container into DockerStats (per-sample CPU% of one core). */
export class StatsRecorder {
  private readonly samples: StatsSample[] = [];

  constructor(private readonly startedAtMs: number) {}

  add(sample: StatsSample): void {
    this.samples.push(sample);
  }

  get count(): number {
    return this.samples.length;
  }

  result(): DockerStats | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last) return null;
    const series: DockerStats["samples"] = [];
    let peak = 0;
    for (const [i, sample] of this.samples.entries()) {
      const previous = this.samples[i - 1];
      const wallNanos = previous ? (sample.readAtMs - previous.readAtMs) * 1e6 : 0;
      const cpuPercent =
        previous && wallNanos > 0 ? ((sample.cpuTotalNanos - previous.cpuTotalNanos) / wallNanos) * 100 : 0;
      peak = Math.max(peak, sample.memoryUsageBytes, sample.memoryMaxUsageBytes ?? 0);
      series.push({
        elapsedMs: Math.max(0, sample.readAtMs - this.startedAtMs),
        memoryBytes: sample.memoryUsageBytes,
        cpuPercent: Math.max(0, cpuPercent),
      });
    }
    return {
      peakMemoryBytes: peak,
      cpuSeconds: secondsOfNanos(last.cpuTotalNanos),
      throttledPeriods: last.throttledPeriods,
      throttledSeconds: secondsOfNanos(last.throttledNanos),
      samples: series,
    };
  }
}
