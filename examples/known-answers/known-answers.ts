import { memorySlots } from "./memory-slots.ts";

/** The size of one cell, as the runner planned it. */
export interface CellSize {
  cpus: number;
  memoryBytes: number;
}

/** A known-answer workload: its matrix settings and the ceiling first principles give for a cell. */
export interface KnownAnswer {
  scenario: "cpu-bound" | "paced" | "memory-bound";
  sloP99Ms: number;
  /** Scenario flags as the matrix passes them (--key=value). */
  flags: Record<string, number>;
  expectedPerSec(cell: CellSize): number;
  /** The first-principles formula, for the table. */
  formula: string;
}

const OP_US = 1000;
const RATE_PER_SEC = 2000;
const BUFFER_KIB = 1024;
const HOLD_MS = 250;
const RESERVE_MIB = 96;

// SLOs leave room above each workload's own latency (a 50 ms CFS stall at 0.5 vCPU; the 250 ms hold), yet stay
// small against a step: an overload of e is caught once e x step length exceeds that room.
export const KNOWN_ANSWERS: readonly KnownAnswer[] = [
  {
    scenario: "cpu-bound",
    sloP99Ms: 100,
    flags: { "op-us": OP_US },
    expectedPerSec: ({ cpus }) => (Math.min(cpus, 1) * 1e6) / OP_US,
    formula: `min(cpus,1)*1e6/${OP_US}us`,
  },
  {
    scenario: "paced",
    sloP99Ms: 100,
    flags: { "rate-per-sec": RATE_PER_SEC },
    expectedPerSec: () => RATE_PER_SEC,
    formula: `${RATE_PER_SEC}/s at any cpus`,
  },
  {
    scenario: "memory-bound",
    sloP99Ms: 350,
    flags: { "buffer-kib": BUFFER_KIB, "hold-ms": HOLD_MS, "reserve-mib": RESERVE_MIB },
    expectedPerSec: ({ memoryBytes }) =>
      (memorySlots(memoryBytes, { bufferKib: BUFFER_KIB, reserveMib: RESERVE_MIB }) * 1000) / HOLD_MS,
    formula: `floor((mem-${RESERVE_MIB}Mi)/${BUFFER_KIB}Ki)/${HOLD_MS}ms`,
  },
];

export function knownAnswer(scenario: string): KnownAnswer {
  const found = KNOWN_ANSWERS.find((answer) => answer.scenario === scenario);
  if (!found) throw new Error(`no known answer for scenario ${scenario}`);
  return found;
}
