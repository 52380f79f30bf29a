import { z } from "zod";

/** At or above this share of its usable CPU quota at the ceiling, a cell is CPU-bound: a faster CPU moves it. */
export const CPU_BOUND_QUOTA_SHARE = 0.8;

/** What cloudRun.targetProbe did to one cell: converted by the probe ratio, or left as measured and why. */
export const ProbeConversion = z
  .object({
    converted: z.boolean(),
    factor: z.number().positive().nullable().describe("target probe ÷ this run's probe; null: not converted"),
    note: z.string().describe('"converted by probe ..." or why the cell was left as measured'),
  })
  .strict();
export type ProbeConversion = z.infer<typeof ProbeConversion>;

/**
 * cloudRun.targetProbe (the probe measured as a Cloud Run job) against this run's probe: a CPU-bound cell's ceiling
 * scales with the CPU, so it is converted by their ratio; a cell paced by something else (waits, a sidecar, the
 * network) is left as measured. null: no targetProbe set.
 */
export function probeConversion(
  settings: { targetProbe?: { composite: number; executionEnvironment: "gen1" | "gen2" } | undefined },
  cpuQuotaShareAtCeiling: number | null,
  runProbeComposite: number | null,
): ProbeConversion | null {
  const target = settings.targetProbe;
  if (!target) return null;
  const envText = `the ${target.executionEnvironment} job's probe ${target.composite.toFixed(2)}`;
  if (runProbeComposite === null)
    return {
      converted: false,
      factor: null,
      note: `left as measured: this run has no host probe to set ${envText} against`,
    };
  if (cpuQuotaShareAtCeiling === null)
    return {
      converted: false,
      factor: null,
      note: "left as measured: the service's CPU at the ceiling is unknown, so it cannot be called CPU-bound",
    };
  const pct = `${Math.round(cpuQuotaShareAtCeiling * 100)}%`;
  if (cpuQuotaShareAtCeiling < CPU_BOUND_QUOTA_SHARE)
    return {
      converted: false,
      factor: null,
      note: `left as measured: the service used ${pct} of its CPU quota at the ceiling (under ${CPU_BOUND_QUOTA_SHARE * 100}%), so something other than CPU paced it and a faster CPU would not move it`,
    };
  const factor = target.composite / runProbeComposite;
  return {
    converted: true,
    factor,
    note: `converted by probe: ${envText} ÷ this host's ${runProbeComposite.toFixed(2)} = × ${factor.toFixed(3)} (CPU-bound: ${pct} of its quota at the ceiling)`,
  };
}
