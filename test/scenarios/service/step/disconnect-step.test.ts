import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseFixedSummary } from "../../../../runner/load/fixed/parse-fixed-summary.ts";
import type { RunningService } from "../../../../service/start-service.ts";
import { K6_MISSING, k6Binary } from "../../../service/helpers/k6-binary.ts";
import { request, startTestService } from "../../../service/helpers/test-service.ts";
import { runStepScript } from "./run-step-script.ts";

const k6 = k6Binary();
if (k6 === null) console.warn(`[skip] ${K6_MISSING}`);
const LIB = join(import.meta.dir, "../../../../runner/load/k6/script");
const K6_TIMEOUT_MS = 60_000;
const SUBSCRIBERS = 3;
/** The one line k6 logs per subscriber for the intended cut (a throwing frame handler). */
const DROP_LOG = "subscriber cut on purpose";

let service: RunningService;
let dir: string;
beforeAll(() => {
  service = startTestService();
  dir = mkdtempSync(join(tmpdir(), "bc-disconnect-step-"));
  cpSync(LIB, dir, { recursive: true });
});
afterAll(() => {
  service.stop();
  rmSync(dir, { recursive: true, force: true });
});

// disconnect-step.js as the generator runs it, against the service on 127.0.0.1: the drop is abrupt (the service
// sees no close frame), and the in-memory engine keeps every acknowledged message it did not see acked.
test.skipIf(k6 === null)(
  "abrupt-disconnect: subscribers cut mid-stream without a close frame; acknowledged = acked + kept, drained by id",
  async () => {
    const before = (await request(service, "GET", "/admin/stats")).json.connections;
    const flags = {
      subscribers: SUBSCRIBERS,
      rate: 200,
      "drop-ms": 1000,
      "ack-delay-ms": 200,
      "settle-ms": 200,
    };
    const step = { baseUrl: service.url, concurrency: 20, flags };
    const { exit, stdout, stderr } = await runStepScript(dir, "disconnect-step.js", step);
    const unexpected = stderr.split("\n").filter((l) => l.trim() !== "" && !l.includes(DROP_LOG));
    expect({ exit, unexpected }).toEqual({ exit: 0, unexpected: [] });
    const f = parseFixedSummary(stdout, stderr).figures;
    expect(f).toMatchObject({
      subscribersConnectedCount: SUBSCRIBERS,
      subscribersDroppedAbruptlyCount: SUBSCRIBERS,
      subscribersClosedOrderlyCount: 0,
      serverAbruptClosesCount: SUBSCRIBERS,
      publishFailedCount: 0,
      lostAtOnceCount: 0,
      lostAfterSettleCount: 0,
      keptAtOncePercent: 100,
      keptAfterSettlePercent: 100,
      drainedUnacknowledgedCount: 0,
      drained: 1,
    });
    // Mid-stream: some deliveries were unacked at the drop, so the service kept them, and a fresh subscriber got
    // exactly those back.
    expect(f.keptAtOnceCount).toBeGreaterThan(0);
    expect(f.drainedAcknowledgedCount).toBe(f.keptAtOnceCount as number);
    expect((f.ackedAtDropCount as number) + (f.keptAtOnceCount as number)).toBe(
      f.publishedAcknowledgedCount as number,
    );
    const after = (await request(service, "GET", "/admin/stats")).json.connections;
    expect(after.abruptCloses - before.abruptCloses).toBe(SUBSCRIBERS);
  },
  K6_TIMEOUT_MS,
);
