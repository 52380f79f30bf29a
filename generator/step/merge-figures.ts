import { MAX_WATCHED_VALUES } from "../../contract/generator-step.ts";
import { LatencyHistogram } from "../../contract/latency-histogram.ts";
import { addCauses, emptyCauses } from "../../contract/step-causes.ts";
import type { WorkerFigures } from "./worker-figures.ts";

/** Every worker's figures as one: counters and sums added, last times the latest, histograms summed. */
export function mergeFigures(all: readonly WorkerFigures[]) {
  const sum = (pick: (figures: WorkerFigures) => number) => all.reduce((total, f) => total + pick(f), 0);
  const latest = (pick: (figures: WorkerFigures) => number) => Math.max(0, ...all.map(pick));
  return {
    started: sum((f) => f.started),
    completed: sum((f) => f.completed),
    completedInWindow: sum((f) => f.completedInWindow),
    errors: sum((f) => f.errors),
    late: sum((f) => f.late),
    lastSendMs: latest((f) => f.lastSendMs),
    lastDoneMs: latest((f) => f.lastDoneMs),
    latency: LatencyHistogram.merge(all.map((f) => f.latency)),
    sendLag: LatencyHistogram.merge(all.map((f) => f.sendLag)),
    turnaroundSumMs: sum((f) => f.turnaroundSumMs),
    turnaroundCount: sum((f) => f.turnaroundCount),
    serviceSumMs: sum((f) => f.serviceSumMs),
    serviceCount: sum((f) => f.serviceCount),
    causes: all.reduce((total, f) => addCauses(total, f.causes), emptyCauses()),
    requestBytes: sumCounted(all.map((f) => f.requestBytes)),
    responseBytes: sumCounted(all.map((f) => f.responseBytes)),
    headerValues: [...new Set(all.flatMap((f) => f.headerValues))].slice(0, MAX_WATCHED_VALUES),
  };
}
/** The sum of the workers that counted; null when none did. */
function sumCounted(values: ReadonlyArray<number | null | undefined>): number | null {
  const counted = values.filter((v): v is number => typeof v === "number");
  return counted.length === 0 ? null : counted.reduce((a, b) => a + b, 0);
}
export type MergedFigures = ReturnType<typeof mergeFigures>;
