import { ArrivalSchedule } from "../../contract/pacer.ts";
import type { ErrorCause } from "../../contract/step-causes.ts";
import { expectedStatuses } from "../api/http/http1-request-bytes.ts";
import type { Outcome, Send, StatusExpectation } from "../api/workload.ts";
import { FreeSlots } from "./free-slots.ts";
import { Operation } from "./operation.ts";
import {
  END_SLACK_MS,
  LATE_MS,
  LOST_GRACE_MS,
  type PacePlan,
  plannedOperations,
  stopSendingMs,
} from "./pace-plan.ts";
import { Tally } from "./tally.ts";
import { TimeoutQueue } from "./timeout-queue.ts";

/**
 * Runs one worker's share of a step. Open: operation i is intended at start + i / rate and leaves then, or when a
 * slot frees up; latency runs from the intended time. Closed: each slot sends again as soon as it frees. Every due
 * operation goes out per wake-up (one timer, never one per operation); each is bounded by timeoutMs. An outcome
 * with a status is judged by `expect` when the module declares one, else by its own `ok`.
 */
export function pace(plan: PacePlan, send: Send, expect: StatusExpectation | null = null): Promise<Tally> {
  const expected = expect === null ? null : expectedStatuses(expect.status);
  const open = plan.kind === "open";
  const tally = new Tally();
  const slots = new FreeSlots(plan.concurrency);
  const timeouts = new TimeoutQueue(plan.timeoutMs + LOST_GRACE_MS);
  const limit = plannedOperations(plan);
  const schedule = open ? new ArrivalSchedule(plan.startMs, plan.ratePerSec as number, 1000) : null;
  const stopMs = stopSendingMs(plan);
  const windowFromMs = plan.startMs + (plan.rateFromMs ?? Number.POSITIVE_INFINITY);
  const windowToMs = plan.startMs + (plan.rateToMs ?? Number.NEGATIVE_INFINITY);
  let next = plan.worker;
  let unsettled = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAtMs = Number.POSITIVE_INFINITY;
  let finished = false;
  // A Send may release its slot (or a settle run) inside a pump: the running pump's loop sees the freed slot.
  let pumping = false;
  let finish: (tally: Tally) => void = () => {};

  const wakeAt = (atMs: number, nowMs: number) => {
    if (timer !== null && timerAtMs <= atMs) return;
    if (timer !== null) clearTimeout(timer);
    timerAtMs = atMs;
    // Bun's timers count whole ms (a fractional delay is cut short): round up, so a wake-up never comes early.
    timer = setTimeout(onTimer, Math.max(0, Math.ceil(atMs - nowMs)));
  };
  const onTimer = () => {
    timer = null;
    timerAtMs = Number.POSITIVE_INFINITY;
    pump();
  };

  const freeSlot = (operation: Operation, atMs: number) => {
    operation.holdsSlot = false;
    slots.free(atMs);
  };
  const onRelease = (operation: Operation) => {
    freeSlot(operation, performance.now());
    pump();
  };

  const settle = (
    operation: Operation,
    ok: boolean,
    doneAtMs: number | undefined,
    status = 0,
    cause: ErrorCause | null = null,
    retried = false,
  ) => {
    if (operation.settled || finished) return;
    const nowMs = performance.now();
    const doneMs =
      doneAtMs !== undefined && doneAtMs >= operation.sentMs && doneAtMs <= nowMs ? doneAtMs : nowMs;
    operation.settled = true;
    unsettled--;
    tally.completed++;
    tally.recordOutcome(ok, status, cause, retried);
    tally.recordLatency(doneMs - operation.intendedMs);
    tally.serviceSumMs += Math.max(0, doneMs - operation.leftMs);
    tally.serviceCount++;
    if (doneMs >= windowFromMs && doneMs < windowToMs) tally.completedInWindow++;
    if (doneMs > tally.lastDoneMs) tally.lastDoneMs = doneMs;
    if (operation.holdsSlot) freeSlot(operation, doneMs);
    pump();
  };
  const onValue = (operation: Operation, value: Outcome | boolean | undefined | null) => {
    if (value === undefined || value === null) settle(operation, true, undefined);
    else if (typeof value === "boolean") settle(operation, value, undefined);
    else {
      const status = typeof value.status === "number" ? value.status : 0;
      const ok = expected !== null && status > 0 ? expected[status] === 1 : value.ok === true;
      const doneAtMs = typeof value.doneAtMs === "number" ? value.doneAtMs : undefined;
      settle(operation, ok, doneAtMs, status, value.cause ?? null, value.retried === true);
    }
  };

  // Never answered within timeoutMs: lost (started, not completed), which fails the step as an error would.
  const timeOut = (operation: Operation, nowMs: number) => {
    operation.settled = true;
    tally.causes.timeout++;
    unsettled--;
    if (operation.holdsSlot) freeSlot(operation, nowMs);
  };

  /** Sends one operation; returns when send() returned (its synchronous part is the generator's, not the service's). */
  const launch = (index: number, intendedMs: number, nowMs: number): number => {
    const freedMs = slots.take();
    tally.recordSendLag(nowMs - Math.max(intendedMs, freedMs));
    if (nowMs - intendedMs > LATE_MS) tally.late++;
    tally.started++;
    tally.lastSendMs = nowMs;
    unsettled++;
    const operation = new Operation(index, intendedMs, nowMs, onRelease);
    timeouts.push(operation);
    let pending: unknown;
    let failed = false;
    try {
      pending = send(index, operation);
    } catch {
      failed = true;
    }
    const leftMs = performance.now();
    operation.leftMs = leftMs;
    // Waited for a slot: from the completion that freed it until this send left is the generator's turnaround.
    if (freedMs >= intendedMs) {
      tally.turnaroundSumMs += leftMs - freedMs;
      tally.turnaroundCount++;
    }
    if (failed) queueMicrotask(() => settle(operation, false, undefined));
    else if (typeof (pending as Promise<unknown>)?.then === "function") {
      (pending as Promise<Outcome | boolean | undefined>).then(
        (value) => onValue(operation, value),
        () => settle(operation, false, undefined),
      );
    } else queueMicrotask(() => onValue(operation, pending as Outcome | boolean | undefined));
    return leftMs;
  };

  const pump = () => {
    if (finished || pumping) return;
    pumping = true;
    let nowMs = performance.now();
    timeouts.sweep(nowMs, timeOut);
    while (slots.count > 0 && next < limit && nowMs < stopMs) {
      const intendedMs = schedule
        ? schedule.intendedAt(next)
        : Math.max(plan.startMs, slots.peek() as number);
      if (intendedMs > nowMs) {
        wakeAt(intendedMs, nowMs);
        break;
      }
      const index = next;
      next += plan.workers;
      nowMs = launch(index, intendedMs, nowMs);
    }
    pumping = false;
    const sending = next < limit && nowMs < stopMs;
    if (!sending && unsettled === 0) return end();
    const deadlineMs = timeouts.nextDeadlineMs();
    if (deadlineMs !== undefined) wakeAt(deadlineMs, nowMs);
    // Waiting for slots with nothing in flight to free one cannot happen; the send window's end still needs a wake.
    if (sending && slots.count === 0 && deadlineMs === undefined) wakeAt(stopMs, nowMs);
  };

  const end = () => {
    if (finished) return;
    finished = true;
    if (timer !== null) clearTimeout(timer);
    clearTimeout(backstop);
    finish(tally);
  };
  // Whatever a Send does, the step ends: past the send window, the last timeout and a slack, the rest time out.
  const backstop = setTimeout(
    () => {
      const nowMs = performance.now();
      timeouts.sweep(Number.POSITIVE_INFINITY, (operation) => timeOut(operation, nowMs));
      end();
    },
    Math.max(0, stopMs + plan.timeoutMs + LOST_GRACE_MS + END_SLACK_MS - performance.now()),
  );

  return new Promise<Tally>((resolve) => {
    finish = resolve;
    const startIn = plan.startMs - performance.now();
    if (startIn > 0) wakeAt(plan.startMs, performance.now());
    else pump();
  });
}
