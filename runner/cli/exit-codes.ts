import { CloudRunAuthError } from "../cloudrun/cloud-run-auth.ts";
import { MatrixError } from "../config/matrix-error.ts";
import { TrafficFileError } from "../config/traffic-profile.ts";
import {
  DockerBuildError,
  DockerRequestError,
  DockerUnavailableError,
  EngineAddressError,
  ImageMissingError,
} from "../docker/docker-error.ts";
import { PodStartError, RunAbortedError, SwarmNotReadyError } from "../drivers/driver-error.ts";
import { ServerStepError } from "../execute/server/server-step-error.ts";
import { HostLockError, RunInterruptedError } from "../host/host-lock.ts";
import { HostProbeError, SameHostError } from "../host/host-probe.ts";
import { BunVersionImageError } from "../image/image-error.ts";
import { ReadyCheckError } from "../init/check-ready-path.ts";
import { InitInputError } from "../init/init-error.ts";
import { GeneratorOutputError } from "../load/bun-generator/generator-output.ts";
import { CalibrationFileError } from "../load/generator-capacity/generator-capacity.ts";
import { ReportInputError } from "../report/size-run-dir.ts";
import { RunStoreError } from "../results/run-store.ts";
import { FlagError } from "./flags.ts";

/** Every exit code of `bun runner/matrix.ts`, in one place (docs/matrix-reference.md, "Exit codes", mirrors it). */
export const EXIT = {
  ok: 0,
  /** A run with failed cells, a failed check, Docker trouble. */
  failed: 1,
  /** Bad flags, a bad matrix file, damaged or missing stored results: the user must fix their input. */
  badInput: 2,
  SIGINT: 130,
  SIGTERM: 143,
} as const;

export function signalExitCode(signal: string | null | undefined): number {
  return signal === "SIGTERM" ? EXIT.SIGTERM : EXIT.SIGINT;
}

// biome-ignore lint/suspicious/noExplicitAny: constructors of any typed error
type ErrorClass = abstract new (...args: any[]) => Error;

/** Typed error -> exit code; first match wins. Anything else is a bug: exit 1 with "unexpected error". */
export const EXIT_TABLE: ReadonlyArray<readonly [ErrorClass, number]> = [
  [FlagError, EXIT.badInput],
  [MatrixError, EXIT.badInput],
  [TrafficFileError, EXIT.badInput],
  [RunStoreError, EXIT.badInput],
  [ReportInputError, EXIT.badInput],
  [CalibrationFileError, EXIT.badInput],
  [CloudRunAuthError, EXIT.badInput],
  [EngineAddressError, EXIT.badInput],
  [SameHostError, EXIT.badInput],
  [InitInputError, EXIT.badInput],
  [HostLockError, EXIT.failed],
  [DockerUnavailableError, EXIT.failed],
  [DockerBuildError, EXIT.failed],
  [ImageMissingError, EXIT.failed],
  [BunVersionImageError, EXIT.failed],
  [DockerRequestError, EXIT.failed],
  [SwarmNotReadyError, EXIT.failed],
  [PodStartError, EXIT.failed],
  [GeneratorOutputError, EXIT.failed],
  [ServerStepError, EXIT.failed],
  [HostProbeError, EXIT.failed],
  [ReadyCheckError, EXIT.failed],
];

/** The exit code and the one paragraph to print (no stack trace unless BUN_CAPACITY_DEBUG=1). */
export function describeFailure(error: unknown): { code: number; message: string; expected: boolean } {
  if (error instanceof RunInterruptedError || error instanceof RunAbortedError) {
    const signal = error instanceof RunInterruptedError ? error.signal : error.reason;
    return { code: signalExitCode(signal), message: `stopped by ${signal}`, expected: true };
  }
  const row = EXIT_TABLE.find(([kind]) => error instanceof kind);
  const text = error instanceof Error ? error.message : String(error);
  if (!row)
    return {
      code: EXIT.failed,
      message: `unexpected error: ${text} (a bug: please report it)`,
      expected: false,
    };
  const nextStep = error instanceof ReportInputError ? `\n${error.nextStep}` : "";
  // SwarmNotReadyError already carries its next step in the message.
  const prefix = error instanceof FlagError || error instanceof MatrixError ? "" : "error: ";
  return { code: row[1], message: `${prefix}${text}${nextStep}`, expected: true };
}
