import { describe, expect, test } from "bun:test";
import { pace } from "../../generator/step/pace.ts";
import { after, planFor } from "./pace-plan-for.ts";

describe("open loop", () => {
  test("sends every planned operation on schedule; the window counts its share of completions", async () => {
    const plan = planFor({
      ratePerSec: 2000,
      durationMs: 1000,
      concurrency: 50,
      rateFromMs: 200,
      rateToMs: 800,
    });
    const tally = await pace(plan, () => Promise.resolve(true));
    expect(tally.started).toBe(2000);
    expect(tally.completed).toBe(2000);
    expect(tally.errors).toBe(0);
    // The last operation is intended at 999.5 ms.
    expect(tally.lastSendMs - plan.startMs).toBeGreaterThanOrEqual(999.5);
    expect(tally.lastSendMs - plan.startMs).toBeLessThan(1030);
    expect(Math.abs(tally.completedInWindow - 1200)).toBeLessThan(60);
  });

  test("queueing at concurrency 1 under a slow handler shows in latency, not in send lag", async () => {
    const plan = planFor({ ratePerSec: 100, durationMs: 500, concurrency: 1, drainMs: 3000 });
    const tally = await pace(plan, () => after(20));
    expect(tally.started).toBe(50);
    expect(tally.completed).toBe(50);
    // Operation 49 is intended at 490 ms and leaves after 49 x 20 ms of service: about 500 ms late.
    expect(tally.latency.maxMs).toBeGreaterThan(400);
    expect(tally.late).toBeGreaterThan(40);
    expect(tally.sendLag.percentileMs(99)).toBeLessThan(5);
    expect(tally.turnaroundCount).toBeGreaterThan(40);
    expect(tally.turnaroundSumMs / tally.turnaroundCount).toBeLessThan(2);
    expect(tally.serviceSumMs / tally.serviceCount).toBeGreaterThan(19);
  });

  test("operations not started by the end of the drain are dropped", async () => {
    const plan = planFor({ ratePerSec: 100, durationMs: 500, concurrency: 1, drainMs: 100 });
    const begun = performance.now();
    const tally = await pace(plan, () => after(50));
    // 600 ms of sending at 50 ms each: about 12 of the 50 planned start.
    expect(tally.started).toBeGreaterThanOrEqual(10);
    expect(tally.started).toBeLessThanOrEqual(13);
    expect(tally.completed).toBe(tally.started);
    expect(performance.now() - begun).toBeLessThan(800);
  });

  test("an operation that never settles is lost (started, never completed), and the step still ends", async () => {
    const plan = planFor({ ratePerSec: 50, durationMs: 200, concurrency: 20, timeoutMs: 100 });
    const begun = performance.now();
    const tally = await pace(plan, () => new Promise(() => {}));
    expect(tally.started).toBe(10);
    expect(tally.completed).toBe(0);
    expect(tally.errors).toBe(0);
    // Lost operations count as timeouts among the causes.
    expect(tally.causesFigures().timeout).toBe(10);
    expect(performance.now() - begun).toBeLessThan(200 + 100 + 250 + 200);
  });

  test("outcomes counted by status and cause; a module's expect judges a status, not its ok", async () => {
    const plan = planFor({ ratePerSec: 1000, durationMs: 100, concurrency: 20 });
    const outcomes = [
      { ok: false, status: 304 },
      { ok: true, status: 200, retried: true },
      { ok: false, status: 0, cause: "reset" as const },
      { ok: false },
      { ok: false, status: 503 },
    ];
    const send = (index: number) => Promise.resolve(outcomes[index % outcomes.length]);
    const judged = await pace(plan, send, { status: [200, 304] });
    expect(judged.errors).toBe(60);
    expect(judged.causesFigures()).toMatchObject({
      status2xx: 20,
      status3xx: 20,
      status5xx: 20,
      failedStatuses: { 503: 20 },
      reset: 20,
      other: 20,
      retried: 20,
    });
    const byOk = await pace(planFor({ ratePerSec: 1000, durationMs: 100, concurrency: 20 }), send);
    expect(byOk.errors).toBe(80);
    expect(byOk.causesFigures().failedStatuses).toEqual({ 304: 20, 503: 20 });
  });

  test("a thrown, rejected or false send is a failure; an Outcome's doneAtMs is the completion", async () => {
    const plan = planFor({ ratePerSec: 1000, durationMs: 40, concurrency: 10 });
    const tally = await pace(plan, (index, slot) => {
      if (index % 4 === 0) throw new Error("thrown");
      if (index % 4 === 1) return Promise.reject(new Error("rejected"));
      if (index % 4 === 2) return Promise.resolve(false);
      const sentMs = performance.now();
      return after(30).then(() => ({ ok: true, doneAtMs: Math.max(sentMs, slot.intendedMs) + 1 }));
    });
    expect(tally.started).toBe(40);
    expect(tally.errors).toBe(30);
    expect(tally.latency.percentileMs(100)).toBeLessThan(25);
  });

  test("release() frees the slot early: a long operation does not hold back the next at concurrency 1", async () => {
    const plan = planFor({ ratePerSec: 100, durationMs: 300, concurrency: 1 });
    const tally = await pace(plan, (_, slot) => {
      slot.release();
      return after(50);
    });
    expect(tally.started).toBe(30);
    expect(tally.late).toBe(0);
    expect(tally.latency.maxMs).toBeLessThan(80);
    expect(tally.turnaroundCount).toBe(0);
  });

  test("send lag stays small on an idle host at 5,000/s", async () => {
    const plan = planFor({ ratePerSec: 5000, durationMs: 1000, concurrency: 100 });
    const tally = await pace(plan, () => Promise.resolve());
    expect(tally.started).toBe(5000);
    expect(tally.sendLag.percentileMs(50)).toBeLessThan(1.5);
    expect(tally.sendLag.percentileMs(99)).toBeLessThan(5);
  });
});

describe("closed loop", () => {
  test("concurrency operations back to back for the duration, each turnaround measured", async () => {
    const plan = planFor({ kind: "closed", ratePerSec: null, concurrency: 4, durationMs: 500 });
    const begun = performance.now();
    const tally = await pace(plan, () => after(10));
    // 4 slots x 500 ms / ~10-11 ms each.
    expect(tally.started).toBeGreaterThan(150);
    expect(tally.started).toBeLessThanOrEqual(204);
    expect(tally.completed).toBe(tally.started);
    expect(tally.turnaroundCount).toBe(tally.started - 4);
    expect(tally.late).toBe(0);
    expect(performance.now() - begun).toBeLessThan(600);
  });

  test("at concurrency 1 the send's own synchronous work is turnaround, not service", async () => {
    const plan = planFor({ kind: "closed", ratePerSec: null, concurrency: 1, durationMs: 300 });
    const tally = await pace(plan, () => {
      const busyUntil = performance.now() + 2;
      while (performance.now() < busyUntil) {}
      return after(5);
    });
    expect(tally.turnaroundSumMs / tally.turnaroundCount).toBeGreaterThanOrEqual(2);
    expect(tally.serviceSumMs / tally.serviceCount).toBeGreaterThanOrEqual(4.5);
    expect(tally.serviceSumMs / tally.serviceCount).toBeLessThan(8);
  });
});
