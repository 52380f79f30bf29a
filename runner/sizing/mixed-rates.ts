import type { DriverRates } from "../cloudrun/autoscaler.ts";
import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import type { CellSizing } from "./cell-sizing.ts";

/** One workload of a mix: its share of the requests and one instance's planning ceiling for it alone. */
export interface MixPart {
  share: number;
  ceilingPerSec: number;
}

/**
 * One instance's capacity for a mix of CPU-additive workloads: a request of workload i costs 1 ÷ ceilingᵢ of an
 * instance-second, so a mixed request costs Σ shareᵢ ÷ ceilingᵢ and the instance serves 1 ÷ Σ(shareᵢ ÷ ceilingᵢ)
 * per second (shares sum to 1). null when any part has no ceiling.
 */
export function mixedCapacity(parts: readonly MixPart[]): number | null {
  if (parts.length === 0 || parts.some((p) => !(p.ceilingPerSec > 0))) return null;
  const total = parts.reduce((sum, p) => sum + p.share, 0);
  if (!(total > 0)) return null;
  const secondsPerRequest = parts.reduce((sum, p) => sum + p.share / total / p.ceilingPerSec, 0);
  return 1 / secondsPerRequest;
}

/** One scenario's cell in the service's mix and its share of the requests. */
export interface MixCell {
  cell: CellSizing;
  share: number;
}

/**
 * Each driver's per-instance rate for the mix: CPU seconds and requests in flight per request add up by share, so each
 * mixes as the ceilings do, 1 ÷ Σ(share ÷ rate). A driver any cell lacks is lacking for the mix.
 */
export function mixDriverRates(parts: readonly MixCell[], mixedPerSec: number): DriverRates | null {
  const rates = parts.map((p) => p.cell.driverRates ?? null);
  if (rates.some((r) => r === null)) return null;
  const mix = (pick: (r: DriverRates) => number | null) => {
    const values = rates.map((r) => pick(r as DriverRates));
    if (values.some((v) => v === null)) return null;
    return mixedCapacity(parts.map((p, i) => ({ share: p.share, ceilingPerSec: values[i] as number })));
  };
  return {
    ceilingPerSec: mixedPerSec,
    cpuPerSec: mix((r) => r.cpuPerSec),
    concurrencyPerSec: mix((r) => r.concurrencyPerSec),
    basis: [...new Set(rates.map((r) => r?.basis ?? ""))].join("; "),
  };
}

/** Response bytes per request of the mix, by share; null when any cell's were not counted. */
export function mixEgressBytes(parts: readonly MixCell[]): number | null {
  if (parts.some((p) => typeof p.cell.egressBytesPerRequest !== "number")) return null;
  return parts.reduce((sum, p) => sum + p.share * (p.cell.egressBytesPerRequest ?? 0), 0);
}

/** The one --max-instances of a plan: cloudRun.maxInstances, else Cloud Run's default 100 (more if the target needs it). */
export const serviceMaxInstances = (settings: { maxInstances?: number | undefined }, instances: number) =>
  settings.maxInstances ?? Math.max(CLOUD_RUN_LIMITS.defaultMaxInstances, instances);
