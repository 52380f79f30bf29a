import type { GeneratorSelf, RequestShape } from "../../contract/generator-step.ts";
import type { LoadStep } from "../../contract/result.ts";
import type { PodMemberSpec } from "../drivers/execution-driver.ts";

/** One HTTP request shape of a server-mode scenario; a weighted list makes a mix. */
export type RequestSpec = RequestShape;

/** A workload module (TypeScript): baked into the generator image (bundled ones) or written to it on stdin. */
export interface WorkloadRef {
  /** Its path inside the generator image, or null: its source goes on stdin. */
  imagePath: string | null;
  source: string;
}

/** What the ceiling search asks of the generator for one step. */
export interface StepRequest {
  /** open: constant arrival rate; closed: `concurrency` requests always in flight (the probe). */
  kind: "open" | "closed";
  /** open only: intended arrivals per second. */
  ratePerSec: number | null;
  /** Most requests in flight at once (Cloud Run's --concurrency); the rest wait at the generator. */
  concurrency: number;
  durationMs: number;
  sloP99Ms: number;
  /** The service listens on 127.0.0.1:port inside the shared network namespace. */
  port: number;
  requests: RequestSpec[];
  /** A workload module, fed the rate and concurrency of each step; null: the request mix. */
  workload: WorkloadRef | null;
  /** The scenario's flags, parsed by the workload module's declared schema. */
  flags?: Record<string, string | number | boolean>;
  /** The generator's worker threads (the cores it may use); default 1. */
  workers?: number;
  phase: LoadStep["phase"];
}

/** What one generator run measured: a load step plus the generator's own cost and punctuality. */
export interface GeneratorStep {
  step: LoadStep;
  /** Requests the generator could not start on time (its lateness), counted against the step. */
  droppedRequests: number;
  generatorCpuSeconds: number;
  self: GeneratorSelf;
}

/**
 * A generator that runs step after step in one long-lived container (its session, one per repetition), fed a frame
 * per step on stdin; each step's output ends with an end line. No Docker here either.
 */
export interface GeneratorSessionProtocol {
  /** The session's container. */
  container(): PodMemberSpec;
  /** The line that hands the session this step's workload module, when the module travels on stdin; else null. */
  workloadFrame(request: StepRequest): { source: string; line: string } | null;
  /** The line that runs this step. */
  stepFrame(request: StepRequest): string;
  /** Whether a stdout line is a step's end line. */
  isStepEnd(line: string): boolean;
  /** The step's end line (the last in stdout): what a one-step run would have exited with, and the step's own CPU. */
  parseStepEnd(stdout: string, stderr: string): { exitCode: number; cpuSeconds: number };
}

/** A load generator adapter: builds the container that runs one step and reads its output. No Docker here. */
export interface LoadGenerator {
  readonly name: string;
  readonly version: string;
  readonly image: string;
  /** The container to run in the service's network namespace for this step. */
  stepContainer(request: StepRequest): PodMemberSpec;
  /** Parses that container's output into a step; throws a typed error on garbage. */
  parseStep(
    request: StepRequest,
    output: { stdout: string; stderr: string; cpuSeconds: number },
  ): GeneratorStep;
  /** Present when it can run a repetition's steps in one session; absent: one container per step. */
  readonly session?: GeneratorSessionProtocol;
  /** The readiness probe: exits 0 once GET readyPath answered 2xx, printing when (epoch ms). */
  readinessContainer(port: number, readyPath: string, timeoutMs: number): PodMemberSpec;
}
