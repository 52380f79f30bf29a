import type { LoadStep } from "../contract/result.ts";

/** A step's p99 slope must exceed this multiple of the earlier average slope to count as the knee. */
export const KNEE_SLOPE_FACTOR = 3;
/** ...and p99 must also jump by this factor over the previous step, so noise on a flat curve is no knee. */
export const KNEE_MIN_P99_RATIO = 1.5;

/**
 * The knee: the last offered rate before p99 turns from linear to exponential growth. Steps are sorted by
 * offered rate (the latest measurement wins for a repeated rate). Slope s_i = dp99/drate between neighbours,
 * s_0 = p99_0 / rate_0 (a line through the origin). Step i is past the knee when s_i > 3 x mean(s_0..s_{i-1})
 * (negative slopes count as 0) and p99_i > 1.5 x p99_{i-1}; the knee is then rate_{i-1}. Null when no step
 * qualifies (the curve stayed linear in the tested range) or fewer than 2 steps exist.
 */
export function findKnee(steps: readonly LoadStep[]): number | null {
  const byRate = new Map<number, number>();
  for (const step of steps)
    if (step.phase !== "probe" && step.offeredPerSec > 0) byRate.set(step.offeredPerSec, step.latency.p99Ms);
  const points = [...byRate.entries()].sort((a, b) => a[0] - b[0]);
  if (points.length < 2) return null;
  const [firstRate, firstP99] = points[0] as [number, number];
  const slopes = [Math.max(0, firstP99 / firstRate)];
  for (let index = 1; index < points.length; index++) {
    const [rate, p99] = points[index] as [number, number];
    const [previousRate, previousP99] = points[index - 1] as [number, number];
    const slope = Math.max(0, (p99 - previousP99) / (rate - previousRate));
    const baseline = slopes.reduce((sum, value) => sum + value, 0) / slopes.length;
    if (slope > KNEE_SLOPE_FACTOR * baseline && p99 > KNEE_MIN_P99_RATIO * previousP99) return previousRate;
    slopes.push(slope);
  }
  return null;
}
