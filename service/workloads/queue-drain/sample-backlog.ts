import { type ServiceClient, sleepMs } from "../bundled-service/service-client.ts";
import type { SubscriptionCounts } from "../bundled-service/service-stats.ts";
import type { BacklogSample } from "./backlog-timeline.ts";

const SAMPLE_MS = 100;

export interface BacklogWatch {
  first: SubscriptionCounts;
  samples: BacklogSample[];
  peak: number;
  /** The first sample at or after production's end (epoch ms and counters); null if sampling ended before. */
  atProduceEnd: (SubscriptionCounts & { atMs: number }) | null;
  /** Epoch ms of the first empty backlog after production's end; null: not drained by maxDrainMs. */
  drainedAt: number | null;
}

/**
 * The subscription's counters every 100 ms from startMs until its backlog is empty after produceEndMs, or
 * maxDrainMs after it (epoch ms).
 */
export async function sampleBacklog(
  service: ServiceClient,
  sub: string,
  times: { startMs: number; produceEndMs: number; maxDrainMs: number },
): Promise<BacklogWatch> {
  const counts = async () => {
    const s = (await service.stats()).subscriptions[sub];
    if (s === undefined) throw new Error(`subscription ${sub} is missing from the service's stats`);
    return s;
  };
  const first = await counts();
  const watch: BacklogWatch = {
    first,
    samples: [{ atMs: Math.max(0, Date.now() - times.startMs), backlog: first.backlog }],
    peak: first.backlog,
    atProduceEnd: null,
    drainedAt: null,
  };
  while (Date.now() < times.produceEndMs + times.maxDrainMs) {
    const now = Date.now();
    const s = await counts();
    watch.samples.push({ atMs: now - times.startMs, backlog: s.backlog });
    watch.peak = Math.max(watch.peak, s.backlog);
    if (watch.atProduceEnd === null && now >= times.produceEndMs) watch.atProduceEnd = { ...s, atMs: now };
    if (watch.atProduceEnd !== null && s.backlog === 0) {
      watch.drainedAt = now;
      break;
    }
    await sleepMs(SAMPLE_MS - (Date.now() - now));
  }
  return watch;
}
