/** A step must deliver at least this share of the offered rate to pass. */
export const MIN_ACHIEVED_RATIO = 0.95;

export interface StepFigures {
  offeredPerSec: number;
  achievedPerSec: number;
  p99Ms: number;
  errors: number;
  lost: number;
}

/** A load step passes when p99 <= SLO, no errors, nothing lost, and >= 95% of the offered rate achieved. */
export function stepMeetsSlo(figures: StepFigures, sloP99Ms: number): boolean {
  return (
    figures.p99Ms <= sloP99Ms &&
    figures.errors === 0 &&
    figures.lost === 0 &&
    figures.achievedPerSec >= MIN_ACHIEVED_RATIO * figures.offeredPerSec
  );
}
