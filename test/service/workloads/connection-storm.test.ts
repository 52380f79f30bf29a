import { afterAll, beforeAll, expect, test } from "bun:test";
import { type ServiceProcess, serviceStats, startServiceProcess } from "./fixed-shape-service.ts";
import { fixedStep, runFixedModule, runGenerator } from "./run-fixed-module.ts";

const CONNECTIONS = 200;

let service: ServiceProcess;
beforeAll(async () => {
  service = await startServiceProcess();
});
afterAll(() => service.stop());

// connection-storm.ts against the bundled service on 127.0.0.1: every socket up, held, one message each kept.
test("a storm of 200 WebSockets: all connected, none failed, the service saw them all, each message acknowledged and kept", async () => {
  const before = (await serviceStats(service)).connections;
  const { summary } = await runFixedModule(service.port, "connection-storm", {
    connections: CONNECTIONS,
    "connect-timeout-ms": 2000,
    "hold-ms": 500,
  });
  expect(summary).toMatchObject({
    workload: "connection-storm",
    connectionsRequested: CONNECTIONS,
    failures: 0,
  });
  const f = summary.figures;
  expect(f).toEqual({
    connectedCount: CONNECTIONS,
    failedCount: 0,
    allConnectedMs: expect.any(Number),
    connectP50Ms: expect.any(Number),
    connectP99Ms: expect.any(Number),
    serverOpenConnectionsPeak: CONNECTIONS,
    messagesAcknowledgedCount: CONNECTIONS,
    messagesKeptCount: CONNECTIONS,
    publishFailedCount: 0,
  });
  expect(f.connectP50Ms).toBeLessThanOrEqual(f.connectP99Ms as number);
  expect(f.connectP99Ms).toBeLessThanOrEqual(f.allConnectedMs as number);
  expect(f.allConnectedMs).toBeLessThan(2000);
  // The hold runs from the last socket up to connect-timeout-ms + hold-ms after the start.
  const { startMs, holdStartMs, holdEndMs } = summary.window;
  expect(holdStartMs).toBe(startMs + (f.allConnectedMs as number));
  expect(holdEndMs).toBe(startMs + 2500);
  // Every socket closed with a close frame, and the run's topics and subscriptions are gone.
  const after = await serviceStats(service);
  expect(after.connections.open).toBe(0);
  expect(after.connections.opened - before.opened).toBe(CONNECTIONS);
  expect(after.connections.abruptCloses - before.abruptCloses).toBe(0);
  expect(Object.keys(after.subscriptions)).toEqual([]);
}, 30_000);

test("a flag out of its declared bounds is refused before any socket opens: exit 2 naming the flag", async () => {
  const step = fixedStep(service.port, "connection-storm", { connections: 0, "hold-ms": 500 }, 5000);
  const { exit, stdout, stderr } = await runGenerator(step);
  expect({ exit, stdout }).toEqual({ exit: 2, stdout: "" });
  expect(stderr).toContain("flag connections=0");
  expect((await serviceStats(service)).connections.open).toBe(0);
});
