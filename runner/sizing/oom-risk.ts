import { z } from "zod";

export const OomRisk = z.enum(["low", "medium", "high", "unknown"]);
export type OomRisk = z.infer<typeof OomRisk>;

/** Headroom below which a cell is never recommended. */
export const MIN_HEADROOM = 0.2;
const HIGH_RISK_HEADROOM = 0.1;
const MEDIUM_RISK_HEADROOM = 0.3;

/** 1 − peak ÷ limit; null when the peak is unknown. */
export function memoryHeadroom(peakBytes: number | null, limitBytes: number): number | null {
  return peakBytes === null || limitBytes <= 0 ? null : 1 - peakBytes / limitBytes;
}

/** High on any OOM or GC-thrash repetition or under 10% headroom; medium under 30%; else low. */
export function oomRisk(headroom: number | null, oomOrThrashRepetitions: number): OomRisk {
  if (oomOrThrashRepetitions > 0) return "high";
  if (headroom === null) return "unknown";
  if (headroom < HIGH_RISK_HEADROOM) return "high";
  if (headroom < MEDIUM_RISK_HEADROOM) return "medium";
  return "low";
}
