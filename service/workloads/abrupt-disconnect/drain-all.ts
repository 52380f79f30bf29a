import { type ServiceClient, sleepMs } from "../bundled-service/service-client.ts";
import { deliveredIds } from "./messages-frame.ts";

const POLL_MS = 50;

export interface Drain {
  /** Distinct messages drained that the service had acknowledged to the publisher, and any others. */
  acknowledged: number;
  unacknowledged: number;
  /** The backlog when draining stopped (0: drained); -1 if never read. */
  held: number;
  ms: number;
}

/** Acks every held message at once on a new socket until the backlog is empty or maxDrainMs passed. */
export async function drainAll(
  service: ServiceClient,
  sub: string,
  acknowledged: Set<string>,
  maxDrainMs: number,
): Promise<Drain> {
  const seen = new Set<string>();
  const start = Date.now();
  const ws = new WebSocket(service.wsUrl(`/subscriptions/${sub}?maxOutstanding=1000`));
  ws.onmessage = (event) => {
    const ids = deliveredIds(event.data);
    if (ids === null) return;
    for (const id of ids) seen.add(id);
    ws.send(JSON.stringify({ ack: ids }));
  };
  let held = -1;
  let ms = 0;
  try {
    while (Date.now() < start + maxDrainMs) {
      await sleepMs(POLL_MS);
      held = (await service.stats()).subscriptions[sub]?.backlog ?? -1;
      if (held === 0) break;
    }
    ms = Date.now() - start;
  } finally {
    ws.close();
  }
  let fromAcknowledged = 0;
  for (const id of seen) if (acknowledged.has(id)) fromAcknowledged++;
  return { acknowledged: fromAcknowledged, unacknowledged: seen.size - fromAcknowledged, held, ms };
}
