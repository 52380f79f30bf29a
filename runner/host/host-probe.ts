import { z } from "zod";
import { HOST_PROBE_VERSION, HostProbe, type HostProbePart } from "../../contract/host-probe.ts";

/**
 * The host probe's figures: the reference host, scoring a measurement against it, and the rules that compare two
 * probes (drift within a run, and runs of two hosts). Running it in a container is run-host-probe.ts.
 */

export type ProbeForm = HostProbe["form"];
export const PROBE_PARTS = ["integer", "allocation", "json", "http"] as const;
export type ProbePartName = (typeof PROBE_PARTS)[number];
const PART_LABELS: Record<ProbePartName, string> = {
  integer: "integer",
  allocation: "allocation",
  json: "JSON",
  http: "HTTP",
};

/**
 * The reference figures (composite 1.0), the one place they live: the median of 5 probes of each form, taken
 * 2026-11-27 05:15 UTC on a quiet 2-core CI VM of our kind, in the container pinned to core 0. Each form has its own
 * (the short form warms up less). Retaking them is a new HOST_PROBE_VERSION.
 */
export const PROBE_REFERENCE = {
  cpuModel: "AMD EPYC",
  host: "2-core CI VM (Debian 12, Docker 20.10 cgroup v1, Bun 1.4.5), quiet: the median of 5 probes of each form",
  takenOn: "2026-11-27",
  opsPerSec: {
    full: { integer: 303e6, allocation: 8.6e6, json: 344e3, http: 19.3e3 },
    short: { integer: 295e6, allocation: 7.09e6, json: 218e3, http: 15.7e3 },
  },
} as const satisfies {
  cpuModel: string;
  host: string;
  takenOn: string;
  opsPerSec: Record<ProbeForm, Record<ProbePartName, number>>;
};

/** The core the probe container is pinned to, the same on every run (the host's first core is always there). */
export const PROBE_CORE = 0;
/** Two probes further apart than this (ratio of composites) are different speeds: a drift, or another host. */
export const PROBE_DRIFT_LIMIT = 0.1;
/** The short form runs between repetitions once this long has passed since the last probe. */
export const SHORT_PROBE_INTERVAL_MS = 60_000;

/** What the in-container program prints: raw ops/s per part. */
export const RawProbe = z
  .object({
    form: z.enum(["full", "short"]),
    integer: z.number().finite().positive(),
    allocation: z.number().finite().positive(),
    json: z.number().finite().positive(),
    http: z.number().finite().positive(),
    bunVersion: z.string(),
    elapsedMs: z.number().nonnegative(),
  })
  .strict();
export type RawProbe = z.infer<typeof RawProbe>;

/** A measurement scored against the reference: each part's ratio and their geometric mean. */
export function scoreProbe(
  raw: RawProbe,
  meta: { takenAt: string; cpuModel: string | null; core: number | null },
): HostProbe {
  const reference = PROBE_REFERENCE.opsPerSec[raw.form];
  const part = (name: ProbePartName): HostProbePart => ({
    opsPerSec: raw[name],
    relative: raw[name] / reference[name],
  });
  const parts = {
    integer: part("integer"),
    allocation: part("allocation"),
    json: part("json"),
    http: part("http"),
  };
  const logMean =
    PROBE_PARTS.reduce((sum, name) => sum + Math.log(parts[name].relative), 0) / PROBE_PARTS.length;
  return HostProbe.parse({
    probeVersion: HOST_PROBE_VERSION,
    form: raw.form,
    takenAt: meta.takenAt,
    cpuModel: meta.cpuModel,
    core: meta.core,
    parts,
    composite: Math.exp(logMean),
  });
}

const two = (x: number) => x.toFixed(2);

/** "probe 0.62 (integer 0.77, allocation 0.41, JSON 0.48, HTTP 0.55)". */
export function probeText(probe: HostProbe): string {
  const parts = PROBE_PARTS.map((name) => `${PART_LABELS[name]} ${two(probe.parts[name].relative)}`);
  return `probe ${two(probe.composite)} (${parts.join(", ")})`;
}

/** The four parts with their ops/s and the composite, one a line (the `probe` command's output). */
export function probeTable(probe: HostProbe): string {
  const rows = PROBE_PARTS.map((name) => {
    const { opsPerSec, relative } = probe.parts[name];
    const ops = Math.round(opsPerSec).toLocaleString("en-US");
    return `  ${PART_LABELS[name].padEnd(11)} ${ops.padStart(14)} ops/s   ${two(relative)}`;
  });
  return [
    `host probe v${probe.probeVersion} (${probe.form}) on ${probe.cpuModel ?? "unknown CPU"}, core ${probe.core ?? "any"}:`,
    ...rows,
    `  ${"composite".padEnd(11)} ${"".padStart(14)}         ${two(probe.composite)}  (geometric mean; 1.00 = ${PROBE_REFERENCE.cpuModel}, ${PROBE_REFERENCE.takenOn})`,
  ].join("\n");
}

/** The report's first line: "Measured on AMD EPYC, probe 0.62 (integer 0.77, …) at start, 0.60 at end". */
export function hostLine(cpuModel: string, probes: readonly HostProbe[] | undefined): string {
  const full = (probes ?? []).filter((p) => p.form === "full");
  const start = full[0];
  if (!start) return `Measured on ${cpuModel}, no host probe (a run from before the probe, or it failed)`;
  const end = full.length > 1 ? full.at(-1) : undefined;
  return `Measured on ${cpuModel}, ${probeText(start)} at start${end ? `, ${two(end.composite)} at end` : ", no end probe"}`;
}

/** Two probes' composites differ by more than the limit (either way). */
export function compositesDiffer(a: number, b: number): boolean {
  const ratio = a / b;
  return ratio > 1 + PROBE_DRIFT_LIMIT || ratio < 1 / (1 + PROBE_DRIFT_LIMIT);
}

/** The probe taken nearest a moment (by time), or null without probes. */
export function nearestProbe(probes: readonly HostProbe[], atMs: number): HostProbe | null {
  let best: HostProbe | null = null;
  for (const p of probes)
    if (!best || Math.abs(Date.parse(p.takenAt) - atMs) < Math.abs(Date.parse(best.takenAt) - atMs)) best = p;
  return best;
}

/**
 * How two runs' ceilings compare across hosts: `same` (within the limit) as they are; `normalised` when the probes
 * differ, with the factor that scales the baseline's ceilings to this host; `missing` when either run has no probe.
 */
export type ProbeComparison =
  | { kind: "same"; here: HostProbe; baseline: HostProbe; scale: 1; label: null }
  | { kind: "normalised"; here: HostProbe; baseline: HostProbe; scale: number; label: string }
  | { kind: "missing"; scale: 1; label: null; warning: string }
  | { kind: "versions"; scale: 1; label: null; warning: string };

export function compareProbes(here: HostProbe | null, baseline: HostProbe | null): ProbeComparison {
  if (!here || !baseline) {
    const which = !here && !baseline ? "neither run has" : !here ? "this run has" : "the baseline has";
    return {
      kind: "missing",
      scale: 1,
      label: null,
      warning: `${which} no host probe: compared as if both ran on one host`,
    };
  }
  if (here.probeVersion !== baseline.probeVersion)
    return {
      kind: "versions",
      scale: 1,
      label: null,
      warning: `host probes of different versions (v${here.probeVersion} here, v${baseline.probeVersion} in the baseline) do not compare: compared as if both ran on one host`,
    };
  if (!compositesDiffer(here.composite, baseline.composite))
    return { kind: "same", here, baseline, scale: 1, label: null };
  return {
    kind: "normalised",
    here,
    baseline,
    scale: here.composite / baseline.composite,
    label: `normalised (probe ${two(here.composite)} here, ${two(baseline.composite)} in the baseline)`,
  };
}

/** The probe a stored run compares on: its first full probe (before any cell ran), else its first. */
export function runProbe(probes: readonly HostProbe[] | undefined): HostProbe | null {
  return probes?.find((p) => p.form === "full") ?? probes?.[0] ?? null;
}

/**
 * A run's full probes (start and end) spread more than the limit: the slowest and fastest, for the drift finding.
 * The short form spreads ±15% on a quiet host (docs/measurements.md), so it would cry wolf at a 10% limit.
 */
export function probeDrift(
  probes: readonly HostProbe[] | undefined,
): { slow: HostProbe; fast: HostProbe; ratio: number } | null {
  const full = (probes ?? []).filter((p) => p.form === "full");
  if (full.length < 2) return null;
  const sorted = [...full].sort((a, b) => a.composite - b.composite);
  const slow = sorted[0] as HostProbe;
  const fast = sorted.at(-1) as HostProbe;
  return compositesDiffer(fast.composite, slow.composite)
    ? { slow, fast, ratio: fast.composite / slow.composite }
    : null;
}

/** The probe could not measure (its container failed, timed out or printed no figures): the run goes on without it. */
export class HostProbeError extends Error {
  override readonly name = "HostProbeError";
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      `host probe failed: ${detail}. Next step: run \`bun runner/matrix.ts probe\` to see it alone; BUN_CAPACITY_DEBUG=1 shows more.`,
      options,
    );
  }
}

/** `--same-host` and the two runs' probes differ by more than the limit: refused, not normalised (exit 2). */
export class SameHostError extends Error {
  override readonly name = "SameHostError";
  constructor(label: string) {
    super(
      `--same-host: the two runs were measured at different host speeds, ${label}. Next step: drop --same-host to ` +
        "compare with the baseline's ceilings scaled by the probes, or measure the baseline again on this host.",
    );
  }
}

/** Host CPU busy outside the measured containers over a window, in cores (null when the host was not sampled). */
export function hostOtherCpuCores(
  hostBusySeconds: number | null,
  measuredCpuSeconds: number,
  wallSeconds: number,
): number | null {
  if (hostBusySeconds === null || wallSeconds <= 0) return null;
  return Math.max(0, (hostBusySeconds - measuredCpuSeconds) / wallSeconds);
}
