// Connection storm, a fixed-shape workload (matrix `search: false`): `connections` WebSocket subscribers opened at
// once, held until connect-timeout-ms + hold-ms after the start, then each publishes one message over HTTP and its
// socket closes without waiting for the answer. Reports time until all connected, failures, the service's own
// open-socket peak, messages acknowledged (HTTP 200) against kept (in the subscription's backlog afterwards), and
// the hold window the runner reads the service's memory in. Sockets close with a close frame (orderly).
import { defineWorkload, type FixedReport } from "../../generator/api/workload.ts";
import { boundedAll } from "./bundled-service/bounded-all.ts";
import { serviceClient, sleepMs, uniqueName } from "./bundled-service/service-client.ts";
import { closeAll } from "./connection-storm/close-all.ts";
import { type OpenSocket, openSocket } from "./connection-storm/open-socket.ts";
import { sampleOpenPeak } from "./connection-storm/sample-open-peak.ts";

/** Over a second between setup and the storm: Docker stats (about one sample a second) then hold a baseline sample. */
const LEAD_MS = 1500;

export default defineWorkload({
  flags: (z) => ({
    connections: z.int().min(1).max(100000).default(1000).describe("WebSockets opened at once"),
    openers: z
      .int()
      .min(1)
      .max(200)
      .optional()
      .describe("accepted for older matrices; one event loop opens every socket here"),
    "connect-timeout-ms": z
      .int()
      .min(100)
      .max(120000)
      .default(5000)
      .describe("a socket not open by then failed"),
    "hold-ms": z.int().min(0).max(600000).default(3000).describe("held this long after connect-timeout-ms"),
  }),
  async run(ctx): Promise<FixedReport> {
    const connections = ctx.flags.connections;
    const connectTimeoutMs = ctx.flags["connect-timeout-ms"];
    const service = serviceClient(ctx.step);
    const name = uniqueName("storm");
    const made: WebSocket[] = [];
    try {
      for (const kind of ["idle", "keep"]) await service.createQueue(`${name}-${kind}`);
      const startAt = Date.now() + LEAD_MS;
      const holdEndAt = startAt + connectTimeoutMs + ctx.flags["hold-ms"];
      await sleepMs(startAt - Date.now());
      const url = service.wsUrl(`/subscriptions/${name}-idle?maxOutstanding=1`);
      const opened = await Promise.all(
        Array.from({ length: connections }, () => openSocket(url, startAt + connectTimeoutMs, made)),
      );
      const up = opened.filter((s): s is OpenSocket => s !== null);
      const connectMs = up.map((s) => s.atMs - startAt);
      const allConnectedAt = up.reduce<number | null>((at, s) => Math.max(at ?? 0, s.atMs), null);
      const serverOpenPeak = await sampleOpenPeak(service, holdEndAt);
      await sleepMs(holdEndAt - Date.now());
      // One publish per connected socket (at most `concurrency` in flight) while every socket closes.
      const publishes = boundedAll(up.length, ctx.step.concurrency, (i) =>
        service.publish(`${name}-keep`, JSON.stringify({ data: `socket ${i}` })),
      );
      const closed = closeAll(made);
      const answers = await publishes;
      const acknowledged = answers.filter((a) => a.ok).length;
      // A service out of descriptors may not answer even now: kept reads 0, the run stands.
      const keep = await service.stats().then(
        (s) => s.subscriptions[`${name}-keep`],
        (error: Error) => void ctx.log(`could not read what the service kept: ${error.message}`),
      );
      await closed;
      const failed = connections - up.length;
      return {
        connectionsRequested: connections,
        failures: failed,
        figures: {
          connectedCount: up.length,
          failedCount: failed,
          allConnectedMs: allConnectedAt === null ? 0 : allConnectedAt - startAt,
          connectP50Ms: percentile(connectMs, 50),
          connectP99Ms: percentile(connectMs, 99),
          serverOpenConnectionsPeak: serverOpenPeak,
          messagesAcknowledgedCount: acknowledged,
          messagesKeptCount: keep?.backlog ?? 0,
          publishFailedCount: answers.length - acknowledged,
        },
        window: { startMs: startAt, holdStartMs: allConnectedAt, holdEndMs: holdEndAt },
      };
    } finally {
      await closeAll(made);
      for (const kind of ["idle", "keep"]) await service.deleteQueue(`${name}-${kind}`);
    }
  },
});

/** The p-th percentile (0..100) of `values`, linearly interpolated between ranks; 0 if none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const lower = sorted[low] as number;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (rank - low);
}
