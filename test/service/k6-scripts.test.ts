import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { RunningService } from "../../service/start-service.ts";
import { K6_MISSING, k6Binary, runK6 } from "./helpers/run-k6.ts";
import { request, startTestService } from "./helpers/test-service.ts";

const k6 = k6Binary();
if (k6 === null) console.warn(`[skip] ${K6_MISSING}`);
const K6_TIMEOUT_MS = 60_000;

// Each script runs for a second or two against the service in this process, on 127.0.0.1 only.
describe.skipIf(k6 === null)("scenarios/service k6 scripts against the service", () => {
  let service: RunningService;
  beforeAll(() => {
    service = startTestService();
  });
  afterAll(() => service.stop());

  const published = async () =>
    (await request(service, "GET", "/admin/stats")).json.engine.published as number;

  for (const batch of [1, 10])
    test(
      `ingest, batch ${batch}: every request's messages are published, as the service counts them`,
      async () => {
        const before = await published();
        const m = await runK6("ingest.js", service.port, {
          RATE: 100,
          DURATION_MS: 1000,
          BATCH: batch,
          PAYLOAD_MIX: "mixed",
        });
        const iterations = m.iterations?.count as number;
        expect(iterations).toBeGreaterThan(50);
        expect(m.messages_published?.count).toBe(iterations * batch);
        expect(m.publish_rejected?.count ?? 0).toBe(0);
        expect((await published()) - before).toBe(iterations * batch);
        expect(m.publish_latency_ms?.["p(99)"]).toBeGreaterThan(0);
      },
      K6_TIMEOUT_MS,
    );

  test(
    "end-to-end broadcast to 3 subscribers: every id delivered to each and acked, none lost",
    async () => {
      const m = await runK6("e2e.js", service.port, { RATE: 100, DURATION_MS: 1000, SUBSCRIBERS: 3 });
      const n = m.e2e_published?.count as number;
      expect(n).toBe(100);
      expect(m.e2e_expected_deliveries?.count).toBe(3 * n);
      expect(m.e2e_delivered?.count).toBe(3 * n);
      expect(m.e2e_lost?.count).toBe(0);
      expect(m.e2e_unacked_at_end?.count).toBe(0);
      expect(m.e2e_latency_ms?.["p(99)"]).toBeGreaterThan(0);
    },
    K6_TIMEOUT_MS,
  );

  test(
    "end-to-end shared by 2 sockets: each id delivered once",
    async () => {
      const m = await runK6("e2e.js", service.port, {
        RATE: 100,
        DURATION_MS: 1000,
        SUBSCRIBERS: 2,
        FANOUT: "shared",
      });
      expect(m.e2e_delivered?.count).toBe(m.e2e_published?.count as number);
      expect(m.e2e_lost?.count).toBe(0);
    },
    K6_TIMEOUT_MS,
  );

  test(
    "a forced loss (the subscription deleted mid-run) is counted as lost",
    async () => {
      const run = runK6("e2e.js", service.port, {
        RATE: 100,
        DURATION_MS: 2000,
        SUBSCRIBERS: 1,
        GRACE_MS: 300,
      });
      let deleted = "";
      for (let i = 0; i < 100 && deleted === ""; i++) {
        await Bun.sleep(20);
        const subs = (await request(service, "GET", "/admin/subscriptions")).json.subscriptions as string[];
        deleted = subs.find((s) => s.startsWith("e2e-")) ?? "";
      }
      await Bun.sleep(700);
      expect((await request(service, "DELETE", `/admin/subscriptions/${deleted}`)).status).toBe(204);
      const m = await run;
      expect(m.e2e_lost?.count).toBeGreaterThan(0);
      expect((m.e2e_delivered?.count as number) + (m.e2e_lost?.count as number)).toBe(
        m.e2e_published?.count as number,
      );
    },
    K6_TIMEOUT_MS,
  );

  test(
    "connection storm of 300 sockets: all connected, the service saw them, every acknowledged message kept",
    async () => {
      const m = await runK6("connection-storm.js", service.port, { CONNECTIONS: 300, HOLD_MS: 300 });
      expect(m.storm_connected?.count).toBe(300);
      expect(m.storm_failed?.count ?? 0).toBe(0);
      expect(m.storm_server_open_connections?.max).toBe(300);
      expect(m.storm_all_connected_ms?.max).toBeGreaterThan(0);
      expect(m.storm_messages_acknowledged?.count).toBe(300);
      expect(m.storm_messages_kept?.value).toBe(300);
    },
    K6_TIMEOUT_MS,
  );

  test(
    "queue: production above a slow worker's capacity builds a backlog that then drains",
    async () => {
      const m = await runK6("queue-drain.js", service.port, {
        RATE: 300,
        PRODUCE_MS: 1000,
        WORKERS: 1,
        WORKER_CONCURRENCY: 1,
        WORK_MS: 10,
        MAX_DRAIN_MS: 15000,
        SAMPLE_MS: 50,
      });
      expect(m.queue_peak_backlog_messages?.value).toBeGreaterThan(10);
      expect(m.queue_saturation_ratio?.value).toBeGreaterThan(1);
      expect(m.queue_drained?.value).toBe(1);
      expect(m.queue_drain_ms?.value).toBeGreaterThan(0);
      expect(m.queue_publish_rejected?.count ?? 0).toBe(0);
    },
    K6_TIMEOUT_MS,
  );
});
