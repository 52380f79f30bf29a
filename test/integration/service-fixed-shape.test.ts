import { expect, test } from "bun:test";
import { join } from "node:path";
import { readTimelineParameters } from "../../runner/load/fixed-summary.ts";
import { fixedShapeTerminal } from "../../runner/report/report-terminal.ts";
import { REPO_ROOT } from "./integration-image.ts";
import { runServerMatrix } from "./server-mode-run.ts";

const WORKLOADS = join(REPO_ROOT, "service/workloads");
const CONNECTIONS = 600;

// Fixed-shape workloads (search: false) of the bundled service: a storm of 600 WebSockets under a descriptor
// limit below it (fd-limit) and above it (figures), a short backlog-and-drain run, and an abrupt disconnect.
test(
  "a connection storm above ulimit nofile is an fd-limit cell naming the limit; below it, its figures are recorded",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${REPO_ROOT} }, port: 8080, readyPath: /healthz, command: [service/main.ts] }`,
      "defaults: { warmupSeconds: 0, repetitions: 1, timeoutSeconds: 120 }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [80], nofile: [256, 4096] }",
      "scenarios:",
      `  storm: { script: ${WORKLOADS}/connection-storm.ts, search: false, durationSeconds: 8, flags: { connections: ${CONNECTIONS}, hold-ms: 1500, connect-timeout-ms: 1000 } }`,
      `  drain: { script: ${WORKLOADS}/queue-drain.ts, search: false, durationSeconds: 12, flags: { rate: 600, produce-ms: 1000, workers: 1, worker-concurrency: 2, work-ms: 10 } }`,
      `  cut: { script: ${WORKLOADS}/abrupt-disconnect.ts, search: false, durationSeconds: 15, flags: { subscribers: 4, rate: 300, drop-ms: 1500, settle-ms: 300 } }`,
      "exclude: [{ scenario: drain, nofile: 256 }, { scenario: cut, nofile: 256 }]",
      "cloudRun: { targetPerSec: 100, billing: request }",
    ]);
    const byId = (id: string) => records.find((r) => r.cell.id === id);
    const limited = byId("storm__cpu1__mem256Mi__smol0__conc80__nofile256");
    expect({ status: limited?.status, names: limited?.message.includes("ulimit nofile 256") }).toEqual({
      status: "fd-limit",
      names: true,
    });

    const roomy = byId("storm__cpu1__mem256Mi__smol0__conc80__nofile4096");
    const storm = roomy?.repetitions[0]?.result?.parameters ?? {};
    expect({ status: roomy?.status, connected: storm["fixed.connectedCount"] }).toEqual({
      status: "ok",
      connected: CONNECTIONS,
    });
    expect(storm["fixed.failedCount"]).toBe(0);
    expect(storm["fixed.serverOpenConnectionsPeak"]).toBe(CONNECTIONS);
    expect(storm["fixed.allConnectedMs"]).toBeGreaterThan(0);
    expect(storm["fixed.messagesAcknowledgedCount"]).toBe(CONNECTIONS);

    // 600 msg/s offered against 1 worker x 2 in flight x 10 ms = 200/s: the backlog grows, then drains.
    const drain = byId("drain__cpu1__mem256Mi__smol0__conc80__nofile4096");
    const queue = drain?.repetitions[0]?.result?.parameters ?? {};
    expect(drain?.status).toBe("ok");
    expect(queue["fixed.peakBacklogMessages"]).toBeGreaterThan(100);
    expect(queue["fixed.saturationRatio"]).toBeGreaterThan(1.5);
    expect(queue["fixed.drained"]).toBe(1);
    expect(queue["fixed.drainMs"]).toBeGreaterThan(0);
    // The backlog-over-time chart's series keeps the peak (each point is the highest backlog of its slice).
    const backlog = readTimelineParameters(queue).timelines.backlogMessages ?? [];
    expect(Math.max(...backlog.map(([, messages]) => messages))).toBe(
      queue["fixed.peakBacklogMessages"] as number,
    );

    // Subscribers cut without a close frame mid-stream: the service saw it, and kept what it had not seen acked.
    const cut = byId("cut__cpu1__mem256Mi__smol0__conc80__nofile4096");
    const kept = cut?.repetitions[0]?.result?.parameters ?? {};
    expect({ status: cut?.status, abrupt: kept["fixed.serverAbruptClosesCount"] }).toEqual({
      status: "ok",
      abrupt: 4,
    });
    expect(kept["fixed.keptAtOnceCount"]).toBeGreaterThan(0);
    expect([kept["fixed.lostAtOnceCount"], kept["fixed.keptAfterSettlePercent"]]).toEqual([0, 100]);
    expect(fixedShapeTerminal(records)).toContain("keptAfterSettlePercent");
  },
  { timeout: 1_200_000 },
);
