/** The step figures the SLO rule reads (the same rule as the in-container harness's step verdict). */
export interface PassFigures {
  offeredPerSec: number;
  achievedPerSec: number;
  p99Ms: number;
  errors: number;
  lost: number;
}

const MIN_ACHIEVED_RATIO = 0.95;

/** p99 <= SLO, no errors, nothing lost or dropped, >= 95% of the offered rate achieved. */
export function stepPasses(figures: PassFigures, dropped: number, sloP99Ms: number): boolean {
  return (
    figures.p99Ms <= sloP99Ms &&
    figures.errors === 0 &&
    figures.lost === 0 &&
    dropped === 0 &&
    figures.achievedPerSec >= MIN_ACHIEVED_RATIO * figures.offeredPerSec
  );
}
