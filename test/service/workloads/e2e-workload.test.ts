import { describe, expect, test } from "bun:test";
import { DeliveryTracker } from "../../../service/workloads/e2e/delivery-tracker.ts";
import { pipelinesOfWorker } from "../../../service/workloads/e2e.ts";
import { runPacedStep } from "./ingest-e2e/run-paced-step.ts";
import { startForgetfulService } from "./ingest-e2e/start-forgetful-service.ts";
import { type ServiceProcess, startServiceProcess } from "./ingest-e2e/start-service-process.ts";

const STEP_TIMEOUT_MS = 60_000;
/** The service's test knob: every 5th delivery to a socket is held but never sent. */
const DROP_EVERY_N = 5;

const withService = async <T>(env: Record<string, string>, run: (service: ServiceProcess) => Promise<T>) => {
  const service = await startServiceProcess(env);
  try {
    return await run(service);
  } finally {
    await service.stop();
  }
};

describe("e2e workload against the bundled service", () => {
  test(
    "shared by 2 sockets: each publish delivered once, none lost, its topic removed",
    () =>
      withService({}, async (service) => {
        const step = await runPacedStep("e2e", service.port, { subscribers: 2, fanout: "shared" });
        expect(step).toMatchObject({ started: 100, completed: 100, errors: 0 });
        expect(step.latency.count).toBe(100);
        const stats = await (await fetch(`${service.url}/admin/stats`)).json();
        expect(stats.engine).toMatchObject({ delivered: 100, acked: 100, topics: 0, subscriptions: 0 });
      }),
    STEP_TIMEOUT_MS,
  );

  test(
    "broadcast to 3 sockets over 2 pipelines in 2 workers: every publish delivered to all 3 and acked, none lost",
    () =>
      withService({}, async (service) => {
        const flags = { subscribers: 3, pipelines: 2 };
        const step = await runPacedStep("e2e", service.port, flags, { workers: 2 });
        expect(step).toMatchObject({ started: 100, completed: 100, errors: 0 });
        expect(step.self.workers).toBe(2);
        expect(step.latency.p99Ms).toBeGreaterThan(0);
        const stats = await (await fetch(`${service.url}/admin/stats`)).json();
        expect(stats.engine).toMatchObject({ delivered: 300, acked: 300 });
      }),
    STEP_TIMEOUT_MS,
  );

  test(
    `a held delivery (every ${DROP_EVERY_N}th to a socket) leaves its publish undelivered: 1 in ${DROP_EVERY_N} fail`,
    () =>
      withService({ PUBSUB_TEST_DROP_EVERY_N_DELIVERIES: String(DROP_EVERY_N) }, async (service) => {
        const step = await runPacedStep("e2e", service.port, { subscribers: 2 }, { timeoutMs: 2000 });
        const failed = step.errors + (step.started - step.completed);
        expect(step.started).toBe(100);
        expect(failed).toBe(100 / DROP_EVERY_N);
      }),
    STEP_TIMEOUT_MS,
  );
});

test(
  "deliveries acked here that the service never counted: close() settles them as incomplete",
  async () => {
    const service = startForgetfulService();
    try {
      const step = await runPacedStep("e2e", service.port, { subscribers: 2 });
      // Every publish was delivered to both sockets (latency recorded), then taken off completed by close().
      expect(step).toMatchObject({ started: 100, completed: 0, errors: 0 });
      expect(step.latency.count).toBe(100);
    } finally {
      service.stop();
    }
  },
  STEP_TIMEOUT_MS,
);

describe("delivery tracker", () => {
  test("a delivery that beats its publish's answer completes it at the delivery's time", async () => {
    const tracker = new DeliveryTracker(2);
    tracker.delivered(["a"], 10);
    tracker.delivered(["a", "b"], 12);
    expect(await tracker.expect("a")).toEqual({ ok: true, doneAtMs: 12 });
    const b = tracker.expect("b");
    expect(tracker.outstanding).toBe(1);
    tracker.delivered(["b"], 20);
    expect(await b).toEqual({ ok: true, doneAtMs: 20 });
    expect(tracker).toMatchObject({ acksSent: 4, duplicates: 0, fullyDelivered: 2, outstanding: 0 });
  });

  test("a redelivery beyond every subscriber's copy counts as a duplicate, not a second completion", () => {
    const tracker = new DeliveryTracker(1);
    void tracker.expect("a");
    tracker.delivered(["a"], 1);
    tracker.delivered(["a"], 2);
    expect(tracker).toMatchObject({ acksSent: 2, duplicates: 1, fullyDelivered: 1 });
  });
});

test("pipelines split evenly over workers, at least one each", () => {
  expect([0, 1, 2].map((w) => pipelinesOfWorker(4, w, 3))).toEqual([2, 1, 1]);
  expect([0, 1, 2].map((w) => pipelinesOfWorker(1, w, 3))).toEqual([1, 1, 1]);
  expect(pipelinesOfWorker(16, 0, 1)).toBe(16);
});
