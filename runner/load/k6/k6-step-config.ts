import { rateWindow } from "../../../search/rate-window.ts";
import type { StepRequest } from "../load-generator.ts";
import {
  DRAIN_SLO_MULTIPLE,
  MIN_DRAIN_MS,
  MIN_K6_DURATION_MS,
  MIN_REQUEST_TIMEOUT_MS,
} from "./k6-defaults.ts";

/** What step-lib.js reads from BC_STEP: one step, fully resolved. */
export interface K6StepConfig {
  kind: "open" | "closed";
  ratePerSec: number | null;
  concurrency: number;
  durationMs: number;
  /** open: completions between these ms after the start count towards achieved (search/rate-window.ts). */
  rateFromMs: number | null;
  rateToMs: number | null;
  /** How long queued requests may still start after the send window before they count as dropped. */
  drainMs: number;
  timeoutMs: number;
  /** open: rate x duration requests, each with its intended send time; closed: null. */
  plannedRequests: number | null;
  baseUrl: string;
  requests: StepRequest["requests"];
  /** The scenario's flags, for a k6 script (e.g. subscribers: 10). */
  flags: Record<string, string | number | boolean>;
}

/** Resolves a step request into the k6 script's configuration (bounded in count and time). */
export function k6StepConfig(request: StepRequest): K6StepConfig {
  const rate = request.kind === "open" ? request.ratePerSec : null;
  if (request.kind === "open" && !(rate !== null && rate > 0)) {
    throw new RangeError(`an open-loop step needs a positive ratePerSec, got ${rate}`);
  }
  if (!Number.isInteger(request.concurrency) || request.concurrency < 1) {
    throw new RangeError(`concurrency must be a whole number >= 1, got ${request.concurrency}`);
  }
  if (request.durationMs < MIN_K6_DURATION_MS) {
    throw new RangeError(
      `k6 runs a step for at least ${MIN_K6_DURATION_MS} ms, got durationMs ${request.durationMs}`,
    );
  }
  if (request.script === null && request.requests.length === 0) {
    throw new RangeError("a step needs at least one request (or a k6 script)");
  }
  const sloBound = DRAIN_SLO_MULTIPLE * request.sloP99Ms;
  const window = rate === null ? null : rateWindow(request.durationMs, request.sloP99Ms);
  return {
    kind: request.kind,
    ratePerSec: rate,
    concurrency: request.concurrency,
    durationMs: request.durationMs,
    rateFromMs: window?.fromMs ?? null,
    rateToMs: window?.toMs ?? null,
    drainMs: Math.max(MIN_DRAIN_MS, sloBound),
    timeoutMs: Math.max(MIN_REQUEST_TIMEOUT_MS, sloBound),
    plannedRequests: rate === null ? null : Math.max(1, Math.round((rate * request.durationMs) / 1000)),
    baseUrl: `http://127.0.0.1:${request.port}`,
    requests: request.requests,
    flags: request.flags ?? {},
  };
}
