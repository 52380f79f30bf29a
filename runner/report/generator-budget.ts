import type { SizingReport } from "../sizing/sizing-report.ts";

export const GENERATOR_BUDGET_HEADER = [
  "offered/s",
  "achieved/s",
  "generator CPU µs/request",
  "own p99 ms",
  "send lag p99 ms",
];

/** The generator's error budget: what it costs and adds per offered rate against a trivial handler; null: no server mode. */
export function generatorBudget(
  report: SizingReport,
): { title: string; rows: string[][]; note: string } | null {
  const generator = report.loadGenerator;
  if (!generator) return null;
  const points = generator.calibration ?? [];
  return {
    title: `Load generator: ${generator.name} ${generator.version}`,
    rows: points.map((p) => [
      p.offeredPerSec.toFixed(0),
      p.achievedPerSec.toFixed(0),
      p.generatorCpuMicrosPerRequest.toFixed(1),
      p.p99Ms.toFixed(2),
      p.sendLagP99Ms.toFixed(2),
    ]),
    note:
      points.length === 0
        ? "No calibration was recorded for it."
        : "Calibrated on this host against a trivial handler: its own CPU per request and the p99 it adds. A cell's latency within a few times this p99 is near the instrument's floor; every cell's steps are also judged on the generator's send lag, CPU and turnaround, and the host's other load.",
  };
}
