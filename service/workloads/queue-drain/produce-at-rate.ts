import { sleepMs } from "../bundled-service/service-client.ts";

export interface Produced {
  /** Publishes answered with anything but 200 (or not at all within the call timeout). */
  rejected: number;
  /** Publishes not sent because `inFlight` were already waiting at their intended time: the rate was not reached. */
  dropped: number;
}

/**
 * An open loop: publish k at startMs + k / ratePerSec (epoch ms) for durationMs, at most `inFlight` unanswered; one
 * whose time comes while all are busy is dropped, as a constant-arrival-rate load generator does. Bounded: rate x
 * duration sends, each bounded by publish's own timeout.
 */
export async function produceAtRate(
  publish: () => Promise<{ ok: boolean }>,
  options: { startMs: number; ratePerSec: number; durationMs: number; inFlight: number },
): Promise<Produced> {
  const planned = Math.floor((options.ratePerSec * options.durationMs) / 1000);
  const result: Produced = { rejected: 0, dropped: 0 };
  const pending: Promise<void>[] = [];
  let busy = 0;
  for (let k = 0; k < planned; k++) {
    const wait = options.startMs + (k * 1000) / options.ratePerSec - Date.now();
    // Behind schedule: still let answers in (freeing their slots) before this send is judged.
    await (wait > 0 ? sleepMs(wait) : new Promise((resolve) => setImmediate(resolve)));
    if (busy >= options.inFlight) {
      result.dropped++;
      continue;
    }
    busy++;
    pending.push(
      publish().then(
        (answer) => {
          busy--;
          if (!answer.ok) result.rejected++;
        },
        () => {
          busy--;
          result.rejected++;
        },
      ),
    );
  }
  await Promise.all(pending);
  return result;
}
