import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { PacedWorkload, StepInfo } from "../../../generator/api/workload.ts";
import { publishMessages } from "../../../service/workloads/ingest/publish-messages.ts";
import ingest from "../../../service/workloads/ingest.ts";
import { runPacedStep } from "./ingest-e2e/run-paced-step.ts";
import { type ServiceProcess, startServiceProcess } from "./ingest-e2e/start-service-process.ts";

const STEP_TIMEOUT_MS = 60_000;

const engineStats = async (service: ServiceProcess) =>
  (await (await fetch(`${service.url}/admin/stats`)).json()) as {
    engine: { published: number; topics: number; subscriptions: number };
    subscriptions: Record<string, { backlog: number }>;
  };

// The bundled service as its own process per protocol; the workload follows what /healthz advertises.
describe("ingest workload over the protocol the service advertises", () => {
  for (const protocol of ["http1", "h2", "grpc"] as const)
    test(
      `${protocol}, bulk of 10: every planned publish answered, its messages published, its topic removed`,
      async () => {
        const service = await startServiceProcess({ PUBSUB_PROTOCOL: protocol });
        try {
          expect(service.publish.protocol).toBe(protocol);
          const flags = { protocol: "auto", batch: 10, payload: "mixed" };
          const step = await runPacedStep("ingest", service.port, flags);
          expect(step).toMatchObject({ started: 100, completed: 100, errors: 0 });
          expect(step.latency.count).toBe(100);
          expect(step.completedInWindow).toBeGreaterThan(0);
          const after = await engineStats(service);
          expect(after.engine.published).toBe(1000);
          expect(after.engine.topics).toBe(0);
        } finally {
          await service.stop();
        }
      },
      STEP_TIMEOUT_MS,
    );

  test(
    "a non-OK gRPC status counts as an error (each request over the service's 1 KB body limit)",
    async () => {
      const service = await startServiceProcess({ PUBSUB_PROTOCOL: "grpc", PUBSUB_MAX_BODY_BYTES: "1024" });
      try {
        const step = await runPacedStep("ingest", service.port, { protocol: "auto", batch: 10 });
        expect(step).toMatchObject({ started: 100, completed: 100, errors: 100 });
        expect((await engineStats(service)).engine.published).toBe(0);
      } finally {
        await service.stop();
      }
    },
    STEP_TIMEOUT_MS,
  );
});

describe("ingest workload's setup on one http1 service", () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startServiceProcess();
  });
  afterAll(() => service.stop());
  const step = (): StepInfo => ({
    kind: "open",
    ratePerSec: 100,
    concurrency: 50,
    durationMs: 1000,
    sloP99Ms: 100,
    timeoutMs: 5000,
    baseUrl: service.url,
    port: service.port,
    worker: 0,
    workers: 1,
  });
  const context = (flags: Record<string, unknown>) => ({
    step: step(),
    flags: { batch: 1, "ordering-keys": 0, subscriptions: 0, payload: "small", protocol: "http1", ...flags },
    now: () => performance.now(),
    log: () => {},
  });
  const workload = ingest as PacedWorkload;

  test("subscriptions each keep every message as a backlog until close() deletes them", async () => {
    const ctx = context({ subscriptions: 2, "ordering-keys": 3 });
    const send = await workload.open(ctx as never);
    // As many at once as the step's concurrency allows.
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(i, { intendedMs: performance.now(), release() {} })),
    );
    expect(outcomes.map((o) => (typeof o === "object" ? o.ok : o))).toEqual(
      Array.from({ length: 50 }, () => true),
    );
    const during = await engineStats(service);
    const backlogs = Object.entries(during.subscriptions).map(([name, s]) => [name.slice(-3), s.backlog]);
    expect(backlogs).toEqual([
      ["-s0", 50],
      ["-s1", 50],
    ]);
    await workload.close?.(ctx as never);
    expect((await engineStats(service)).engine).toMatchObject({ topics: 0, subscriptions: 0 });
  });

  test("protocol h2 on a service that advertises http1: open() names /healthz and the flags to set", async () => {
    const opening = Promise.resolve(workload.open(context({ protocol: "h2" }) as never));
    await expect(opening).rejects.toThrow(
      /healthz advertises no publish endpoint for protocol h2.*publish-port/,
    );
  });
});

test("ordering keys cycle k0..k(n-1) over a request's messages, and one message is not a bulk body", () => {
  const bulk = publishMessages({ batch: 4, orderingKeys: 3, payload: "small" });
  const keys = JSON.parse(bulk.httpBody(0)).messages.map((m: { orderingKey: string }) => m.orderingKey);
  expect(keys).toEqual(["k0", "k1", "k2", "k0"]);
  expect(bulk.grpcMessages(1).map((m) => m.orderingKey)).toEqual(["k1", "k2", "k0", "k1"]);
  const single = JSON.parse(publishMessages({ batch: 1, orderingKeys: 0, payload: "medium" }).httpBody(7));
  expect(single).toEqual({ data: "x".repeat(10 * 1024) });
});

test("the full-spectrum mix gives each size its share of 100 consecutive messages", () => {
  const messages = publishMessages({ batch: 100, orderingKeys: 0, payload: "full-spectrum" });
  const sizes = new Map<number, number>();
  for (const m of messages.grpcMessages(3)) sizes.set(m.data.length, (sizes.get(m.data.length) ?? 0) + 1);
  expect(Object.fromEntries(sizes)).toEqual({ 1024: 70, 10240: 20, 512000: 8, 1048576: 2 });
});

test("bodies repeat every bodyPeriod requests (request bytes are built once per distinct body)", () => {
  for (const [plan, period] of [
    [{ batch: 10, orderingKeys: 0, payload: "small" }, 1],
    [{ batch: 10, orderingKeys: 0, payload: "mixed" }, 10],
    [{ batch: 4, orderingKeys: 3, payload: "small" }, 3],
    [{ batch: 1, orderingKeys: 8, payload: "full-spectrum" }, 200],
  ] as const) {
    const messages = publishMessages(plan);
    expect(messages.bodyPeriod).toBe(period);
    for (const i of [0, 1, 7, period - 1]) expect(messages.httpBody(i + period)).toBe(messages.httpBody(i));
    if (period > 1) expect(messages.httpBody(1)).not.toBe(messages.httpBody(0));
  }
});
