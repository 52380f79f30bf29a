// The typed API a workload module is written against. A module imports only types from here (erased at run time),
// so a user's script needs nothing installed: `import type { Workload } from ".../generator/api/workload.ts"`.
import type { z } from "zod";
import type { FixedTimelines } from "../../contract/generator-step.ts";
import type { ErrorCause } from "../../contract/step-causes.ts";

/** What a module is told about the step it serves. The service is at baseUrl (127.0.0.1 for every local cell). */
export interface StepInfo {
  kind: "open" | "closed";
  /** This worker's share of the step's rate (open), else null. */
  ratePerSec: number | null;
  /** This worker's share of the step's concurrency. */
  concurrency: number;
  durationMs: number;
  sloP99Ms: number;
  /** Every call a module makes must be bounded by this (e.g. AbortSignal.timeout(timeoutMs)). */
  timeoutMs: number;
  /** http://127.0.0.1:<port>; under `calibrate`, https://<host>:<port> */
  baseUrl: string;
  port: number;
  /** 127.0.0.1, or the revision's host under `calibrate` (absent: 127.0.0.1). */
  host?: string;
  /** null or absent: plain TCP; under `calibrate`, TLS (insecure: a self-signed loopback stand-in is accepted). */
  tls?: { insecure: boolean } | null;
  /** Under `calibrate --instance-header`: the response header to collect distinct values of (instance ids). */
  watchHeader?: string | null;
  /** Headers to send with every request (under `calibrate`: --header and the --token-command bearer); {} on loopback. */
  headers?: Readonly<Record<string, string>>;
  /** 0-based index of this worker, and how many there are. */
  worker: number;
  workers: number;
}

export interface WorkloadContext<Flags> {
  step: StepInfo;
  /** The scenario's flags, parsed by the module's own flag schema (defaults applied). */
  flags: Flags;
  /** Monotonic milliseconds (performance.now()), the clock every intended time is on. */
  now(): number;
  /** A line on the generator's stderr (shown when a step fails). */
  log(line: string): void;
}

/** How one operation ended; a thrown or rejected send counts as a failure (cause "other"). */
export interface Outcome {
  ok: boolean;
  /** When the operation completed, on now()'s clock, if not when the promise settled (e.g. a delivery seen earlier). */
  doneAtMs?: number;
  /** The HTTP status it got, if any: counted by class, and by code when it failed; judged by `expect` if declared. */
  status?: number;
  /** Why it failed without a status ("timeout", "reset", "refused", ...); absent: "other". */
  cause?: ErrorCause | null;
  /** It was sent again once on a new connection (counted, not a failure). */
  retried?: boolean;
}

/** The statuses that count as success, e.g. { status: [200, 304, 404] }. */
export interface StatusExpectation {
  status: readonly number[];
}

/**
 * A paced operation. The generator calls it at each intended time (open loop) or back to back (closed loop), with
 * at most `concurrency` in flight. `release()` frees the operation's concurrency slot before it completes (e2e: the
 * publish was answered, the delivery is still to come).
 */
export type Send = (
  index: number,
  slot: { intendedMs: number; release(): void },
) => Promise<Outcome | boolean | void>;

/** Corrections a module makes after the step, from what only it can check (e.g. the service's ack count). */
export interface Settlement {
  /** Completed operations that turned out incomplete: taken off completed (and its rate window). */
  incomplete?: number;
  /** Failures outside any operation (e.g. a subscriber socket that never opened). */
  errors?: number;
  /** The distinct values of step.watchHeader seen in answers (an HTTP/1.1 client's headerValues()). */
  headerValues?: readonly string[];
}

/** What a fixed-shape workload reports once, at its end. Figures carry their unit in their name. */
export interface FixedReport {
  figures: Record<string, number>;
  failures: number;
  /** Connections asked for (a storm), so a descriptor limit below it can be named. */
  connectionsRequested?: number | null;
  /** Epoch ms: when the load began, and the hold the runner reads the service's memory in. */
  window: { startMs: number; holdStartMs?: number | null; holdEndMs?: number | null };
  timelines?: FixedTimelines;
}

interface Declarations<Shape extends z.ZodRawShape> {
  /** The flags it takes, as zod fields by kebab-case name; checked before any container starts. */
  flags?: (zod: typeof z) => Shape;
  /** What the reports call its rate, e.g. "publishes/s" (default "requests/s"). */
  rateUnit?: string;
  /** Whether its latency is per request (default) or end-to-end. */
  latency?: "request" | "end-to-end";
  /** The statuses that succeed: an Outcome carrying a status is judged by them, not by its `ok`. */
  expect?: StatusExpectation;
}

/** A ceiling-search workload: the generator paces, measures and summarises; the module only sends. */
export interface PacedWorkload<Shape extends z.ZodRawShape = z.ZodRawShape> extends Declarations<Shape> {
  /** Once per worker before the step: create what it needs, return the sender. */
  open(context: WorkloadContext<z.infer<z.ZodObject<Shape>>>): Promise<Send> | Send;
  /** Once per worker after the last operation settled (or timed out). */
  close?(
    context: WorkloadContext<z.infer<z.ZodObject<Shape>>>,
  ): Promise<Settlement | void> | Settlement | void;
}

/** A fixed-shape workload (search: false): it runs its own shape once and reports figures. */
export interface FixedWorkload<Shape extends z.ZodRawShape = z.ZodRawShape> extends Declarations<Shape> {
  run(context: WorkloadContext<z.infer<z.ZodObject<Shape>>>): Promise<FixedReport>;
}

export type Workload<Shape extends z.ZodRawShape = z.ZodRawShape> =
  | PacedWorkload<Shape>
  | FixedWorkload<Shape>;

/** Identity, for inference: `export default defineWorkload({ flags: (z) => ({ ... }), open: ... })`. */
export function defineWorkload<Shape extends z.ZodRawShape>(workload: Workload<Shape>): Workload<Shape> {
  return workload;
}
