import type { FakeCell } from "./fake-cell.ts";

/** The cell id the runner gives these limits. */
export const cellIdOf = (spec: FakeCell) =>
  `${spec.scenario ?? "throughput"}__cpu${spec.cpus}__mem${spec.memoryMiB}Mi__smol${spec.smol ? 1 : 0}`;
