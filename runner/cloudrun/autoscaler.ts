import { z } from "zod";

/**
 * Cloud Run's two scaling drivers (cloud.google.com/run/docs/about-instance-autoscaling, /configuring/scaling-controls):
 * the instance count is the larger of a CPU count (CPU averaged over a minute against cpuTarget of the quota) and a
 * concurrency count (requests in flight against concurrencyTarget × --concurrency); or a fixed count (manual scaling).
 */
export const SCALING_DEFAULTS = { cpuTarget: 0.6, concurrencyTarget: 0.6 } as const;
/** RevisionScaling's accepted ranges (cloud.google.com/run/docs/reference/rest/v2/RevisionScaling). */
export const SCALING_BOUNDS = { cpuTarget: [0.1, 0.9], concurrencyTarget: [0.1, 0.95] } as const;

const target = (name: keyof typeof SCALING_BOUNDS) => {
  const [min, max] = SCALING_BOUNDS[name];
  return z
    .number()
    .min(min, `expected at least ${min} (Cloud Run's lowest ${name})`)
    .max(max, `expected at most ${max} (Cloud Run's highest ${name})`)
    .default(SCALING_DEFAULTS[name]);
};

/** `cloudRun.scaling`: the autoscaler's two targets, or `{ manual: N }` for a fixed instance count. */
export const ScalingSetting = z
  .union([
    z
      .object({ manual: z.number().int().min(1).max(1000).describe("manual scaling: this many instances") })
      .strict(),
    z
      .object({
        cpuTarget: target("cpuTarget").describe("CPU utilisation target, a share of the CPU quota"),
        concurrencyTarget: target("concurrencyTarget").describe("in-flight target, a share of --concurrency"),
      })
      .strict(),
  ])
  .default({ ...SCALING_DEFAULTS });
export type ScalingSetting = z.infer<typeof ScalingSetting>;

export const ScalingDriver = z.enum(["cpu", "concurrency", "ceiling", "manual"]);
export type ScalingDriver = z.infer<typeof ScalingDriver>;

/** One instance's rates at which each driver reaches its target; the planning ceiling bounds them all. */
export const DriverRates = z
  .object({
    ceilingPerSec: z.number().describe("the planning ceiling (the SLO)"),
    cpuPerSec: z
      .number()
      .nullable()
      .describe("where CPU reaches cpuTarget × the quota; null: never measured"),
    concurrencyPerSec: z
      .number()
      .nullable()
      .describe("where requests in flight reach concurrencyTarget × --concurrency; null: not known"),
    basis: z.string().describe("where the rates come from: the measured curve, or what was assumed"),
  })
  .strict();
export type DriverRates = z.infer<typeof DriverRates>;

/** One point of a latency-against-load curve as the autoscaler reads it. */
export interface CurveLevel {
  perSec: number;
  inFlight: number;
  cpuCores: number | null;
}

/** The count and which rule set it. */
export interface ScaledCount {
  instances: number;
  driver: ScalingDriver;
}

const countAt = (perSec: number, rate: number | null) =>
  rate === null || !(rate > 0) ? 0 : Math.ceil(perSec / rate - 1e-9);

/**
 * Instances for a rate: manual gives its count; else max(CPU count, concurrency count), each ceil(rate ÷ that
 * driver's per-instance rate). When the SLO's ceiling would need more, "ceiling" binds: Cloud Run's rule runs fewer.
 */
export function instancesFor(perSec: number, rates: DriverRates, scaling: ScalingSetting): ScaledCount {
  if ("manual" in scaling) return { instances: scaling.manual, driver: "manual" };
  if (perSec <= 0) return { instances: 0, driver: "cpu" };
  const cpu = countAt(perSec, rates.cpuPerSec);
  const concurrency = countAt(perSec, rates.concurrencyPerSec);
  const ceiling = countAt(perSec, rates.ceilingPerSec);
  if (ceiling > Math.max(cpu, concurrency)) return { instances: ceiling, driver: "ceiling" };
  return concurrency > cpu
    ? { instances: concurrency, driver: "concurrency" }
    : { instances: cpu, driver: "cpu" };
}

/** The lowest rate at which `level` is reached on the curve (linear from the origin; beyond it, proportional). */
function rateReaching(points: ReadonlyArray<{ perSec: number; y: number }>, level: number): number | null {
  let prev = { perSec: 0, y: 0 };
  for (const p of points) {
    if (p.y >= level)
      return p.y === prev.y
        ? p.perSec
        : prev.perSec + ((level - prev.y) * (p.perSec - prev.perSec)) / (p.y - prev.y);
    prev = p;
  }
  return prev.y > 0 ? (prev.perSec * level) / prev.y : null;
}

export interface DriverInputs {
  curve: readonly CurveLevel[];
  ceilingPerSec: number;
  cpus: number;
  concurrency: number;
  scaling: ScalingSetting;
  /** A Cloud Run calibration's ratio: CPU per request scales by its inverse; null when none applies. */
  factor: number | null;
  /** No CPU measured: CPU is taken to reach the quota at the ceiling, and this share of it is planned. */
  fallbackTarget: number;
}

/** Each driver's per-instance rate from the curve's points up to the ceiling. */
export function driverRates(input: DriverInputs): DriverRates {
  const targets = "manual" in input.scaling ? SCALING_DEFAULTS : input.scaling;
  const measured = input.curve
    .filter((p) => p.perSec > 0 && p.perSec <= input.ceilingPerSec * 1.0001)
    .sort((a, b) => a.perSec - b.perSec);
  const cpuPoints = measured.flatMap((p) =>
    p.cpuCores === null ? [] : [{ perSec: p.perSec, y: p.cpuCores }],
  );
  const cpuRate = rateReaching(cpuPoints, targets.cpuTarget * input.cpus);
  const concurrencyRate = rateReaching(
    measured.map((p) => ({ perSec: p.perSec, y: p.inFlight })),
    targets.concurrencyTarget * input.concurrency,
  );
  const assumed = cpuRate === null;
  return {
    ceilingPerSec: input.ceilingPerSec,
    cpuPerSec: assumed ? input.ceilingPerSec * input.fallbackTarget : cpuRate * (input.factor ?? 1),
    concurrencyPerSec: concurrencyRate,
    basis:
      `${measured.length === 0 ? "no per-step curve" : `${measured.length} measured step(s) up to the ceiling`}` +
      (assumed
        ? `; CPU not measured: taken to reach the quota at the ceiling, planned at ${input.fallbackTarget} of it (cloudRun.utilizationTarget)`
        : ""),
  };
}
