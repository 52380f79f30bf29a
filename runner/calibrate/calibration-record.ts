import type { HostProbe } from "../../contract/host-probe.ts";
import type {
  CalibrationProblem,
  CalibrationSize,
  CloudRunCalibration,
} from "../results/cloud-run-calibration.ts";
import { median } from "../results/statistics.ts";
import type { CalibrateSearchResult, ServiceModeCell } from "./calibrate-search.ts";
import type { InstanceCounter } from "./instance-check.ts";
import { littleLawShare } from "./round-trip.ts";

/** Over this spread of the repetitions' ratios ((max − min) ÷ median), a calibration is marked wide. */
export const WIDE_RATIO_SPREAD_PCT = 15;

/** The local cell measured: the default view's ceiling (the ratio's divisor) and each CPU view's. */
export interface LocalMeasure {
  ceilingPerSec: number | null;
  runId: string;
  byView?: { pinned: number | null; shared: number | null };
}

export interface RecordInput {
  cell: ServiceModeCell;
  size: CalibrationSize;
  executionEnvironment: "gen1" | "gen2";
  urlHost: string;
  /** One per repetition, each with a ceiling. */
  searches: readonly (CalibrateSearchResult & { ceilingPerSec: number; roundTripFloorMs: number })[];
  /** One (the latest run's), or one per repetition (--measure-local, interleaved). */
  locals: readonly (LocalMeasure & { ceilingPerSec: number })[];
  localKind: "latest-run" | "measured";
  instances: InstanceCounter;
  hostProbe: HostProbe | null;
  hostProbeMissing: string | null;
  redact: (text: string) => string;
}

/** The calibration file from the repetitions: median ÷ median, their spread, and every reason not to apply it. */
export function calibrationRecord(input: RecordInput): CloudRunCalibration {
  const { cell, searches, locals } = input;
  const revision = searches.map((s) => s.ceilingPerSec);
  const local = locals.map((l) => l.ceilingPerSec);
  const revisionPerSec = median(revision) as number;
  const localPerSec = median(local) as number;
  const ratios = revision.map((r, i) => r / (local[i] ?? localPerSec));
  const ratioMedian = median(ratios) as number;
  const spreadPct = ((Math.max(...ratios) - Math.min(...ratios)) / ratioMedian) * 100;
  const problems: CalibrationProblem[] = [];
  const multi = input.instances.problem();
  if (multi) problems.push(multi);
  for (const [i, s] of searches.entries()) {
    const which = searches.length > 1 ? `repetition ${i + 1}: ` : "";
    if (s.clientLimited !== null)
      problems.push({ kind: "client-limited", detail: input.redact(`${which}${s.clientLimited}`) });
    if (s.stopReason !== null)
      problems.push({ kind: "stopped-early", detail: input.redact(`${which}${s.stopReason}`) });
  }
  const floor = searches[0] as RecordInput["searches"][number];
  const first = locals[0] as RecordInput["locals"][number];
  return {
    calibrationVersion: 2,
    size: input.size,
    scenario: cell.scenario,
    urlHost: input.urlHost,
    takenAt: new Date().toISOString(),
    executionEnvironment: input.executionEnvironment,
    cloudRunCeilingPerSec: revisionPerSec,
    localCeilingPerSec: localPerSec,
    ratio: revisionPerSec / localPerSec,
    localSource: {
      kind: input.localKind,
      runId: first.runId,
      cellId: cell.id,
      cpuView: cell.cpuView ?? null,
    },
    localByCpuView: byView(first, revisionPerSec),
    roundTripFloorMs: floor.roundTripFloorMs,
    roundTripFloorP99Ms: floor.floor?.p99Ms ?? floor.roundTripFloorMs,
    repetitions: {
      revisionCeilingsPerSec: revision,
      localCeilingsPerSec: local,
      ratioSpreadPct: spreadPct,
      wide: spreadPct > WIDE_RATIO_SPREAD_PCT,
    },
    instances: input.instances.check(),
    problems,
    littleLawShare: littleLawShare(floor.roundTripFloorMs, revisionPerSec, cell.concurrency),
    requestsSent: searches.reduce((sum, s) => sum + s.requestsSent, 0),
    searchNotes: searches.flatMap((s) => s.notes.map(input.redact)),
    stopReason: searches.map((s) => s.stopReason).find((r) => r !== null) ?? null,
    hostProbe: input.hostProbe,
    hostProbeMissing: input.hostProbeMissing,
  };
}

/** Both CPU views measured now: each one's ceiling and the one whose ratio to the revision is nearer 1. */
function byView(local: LocalMeasure, revisionPerSec: number): CloudRunCalibration["localByCpuView"] {
  const { pinned = null, shared = null } = local.byView ?? {};
  if (pinned === null && shared === null) return null;
  const distance = (x: number | null) =>
    x === null ? Number.POSITIVE_INFINITY : Math.abs(Math.log(revisionPerSec / x));
  return { pinned, shared, closer: distance(shared) < distance(pinned) ? "shared" : "pinned" };
}

/** The lines calibrate ends with: ceilings, ratio and spread, scale-out, and whether plans will apply it. */
export function calibrationLines(c: CloudRunCalibration, instancesNote: string, path: string): string[] {
  const reps = c.repetitions;
  const views = c.localByCpuView
    ? [
        `local by CPU view: pinned ${c.localByCpuView.pinned?.toFixed(0) ?? "–"}/s, shared ${c.localByCpuView.shared?.toFixed(0) ?? "–"}/s; ${c.localByCpuView.closer} is closer to the revision`,
      ]
    : [];
  const status =
    c.problems.length === 0
      ? `applicable${reps.wide ? ` (wide: the repetitions' ratios spread ${reps.ratioSpreadPct.toFixed(0)}%, over ${WIDE_RATIO_SPREAD_PCT}%)` : ""}`
      : `never applied: ${c.problems.map((p) => `${p.kind} (${p.detail})`).join("; ")}`;
  return [
    ...views,
    `revision ${c.cloudRunCeilingPerSec.toFixed(0)}/s, local ${c.localCeilingPerSec.toFixed(0)}/s (${c.localSource.kind === "measured" ? "measured now" : "latest run"} ${c.localSource.runId}): ratio ${c.ratio.toFixed(3)}; ${reps.revisionCeilingsPerSec.length} repetition(s), revision ${reps.revisionCeilingsPerSec.map((r) => r.toFixed(0)).join(", ")}/s, ratio spread ${reps.ratioSpreadPct.toFixed(1)}%; ${c.requestsSent} requests sent`,
    instancesNote,
    `status: ${status}`,
    `wrote ${path}`,
  ].map((line) => `[calibrate] ${line}`);
}
