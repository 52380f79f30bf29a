import type { RunEnvironment } from "../../../runner/results/run-record.ts";

/** A host environment for run-store tests; override what a test is about. */
export function testEnvironment(overrides: Partial<RunEnvironment> = {}): RunEnvironment {
  return {
    hostname: "h",
    cpuModel: "cpu",
    hostCores: 2,
    hostMemoryBytes: 2 ** 33,
    os: "linux",
    kernel: "6",
    dockerVersion: "20.10",
    dockerApiVersion: "1.41",
    cgroupVersion: 1,
    dockerCpus: 2,
    dockerMemoryBytes: 2 ** 33,
    bunVersion: "1.4.5",
    commit: null,
    ...overrides,
  };
}
