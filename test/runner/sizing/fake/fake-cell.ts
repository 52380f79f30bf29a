import type { CellRecord, RepetitionStatus } from "../../../../runner/results/cell-record.ts";

/** What a fake cell record is made from: its limits, its ceiling and how its repetitions went. */
export interface FakeCell {
  scenario?: string;
  cpus: number;
  memoryMiB: number;
  smol?: boolean;
  /** Median ceiling; repetitions spread around it by `ceilingJitter` (relative). */
  ceilingPerSec: number | null;
  ceilingJitter?: number;
  peakMemoryMiB?: number;
  sloP99Ms?: number;
  p99AtCeilingMs?: number;
  repetitions?: number;
  status?: CellRecord["status"];
  repetitionStatuses?: RepetitionStatus[];
  exceedsHost?: string | null;
  runId?: string;
  /** CPU cores the process kept busy in each load step (the per-step processCpuSeconds field); absent by default. */
  stepCores?: number;
  /** Response bytes per request each load step counted (LoadStep.responseBytes); absent by default. */
  responseBytesPerRequest?: number;
  /** Docker stats CPU samples of each repetition, in % of one core (the fallback CPU evidence). */
  statsCpuPercent?: number[];
}
