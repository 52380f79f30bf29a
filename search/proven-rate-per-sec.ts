/** The rate a passing step proves: what was both offered and delivered. */
export function provenRatePerSec(step: { offeredPerSec: number; achievedPerSec: number }): number {
  return Math.min(step.offeredPerSec, step.achievedPerSec);
}
