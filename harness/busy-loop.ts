/** CPU time the calibration spends measuring loop speed. */
export const CALIBRATION_CPU_MS = 200;
/** CPU time spent first so the JIT has optimised the loop: a colder loop overstates each operation's cost. */
export const CALIBRATION_WARMUP_CPU_MS = 100;
const BATCH_ITERATIONS = 100_000;
const CALIBRATION_ROUNDS = 10;

// This thread's CPU time only: the JIT and GC threads' time would make the loop look slower than it is.
function threadCpuUs(): number {
  const proc = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
  const used = proc.threadCpuUsage ? proc.threadCpuUsage() : process.cpuUsage();
  return used.user + used.system;
}

let sink = 0;

/** Burns CPU for `iterations` rounds of integer math the JIT cannot drop (the result feeds a module-level sink). */
export function burnIterations(iterations: number): number {
  let value = sink | 0;
  for (let index = 0; index < iterations; index++)
    value = (Math.imul(value, 1_103_515_245) + 12_345 + index) | 0;
  sink = value;
  return value;
}

/** Loop iterations that burn `opUs` microseconds of CPU, measured in CPU time (immune to throttling). */
export function calibrateBusyLoop(opUs: number): number {
  const warmUntilUs = threadCpuUs() + CALIBRATION_WARMUP_CPU_MS * 1000;
  while (threadCpuUs() < warmUntilUs) burnIterations(BATCH_ITERATIONS);
  // The fastest round is the loop's real speed: preemption and a VM's stolen time only ever slow a round down.
  let bestIterationsPerUs = 0;
  for (let round = 0; round < CALIBRATION_ROUNDS; round++) {
    let iterations = 0;
    const startUs = threadCpuUs();
    let usedUs = 0;
    while (usedUs < (CALIBRATION_CPU_MS * 1000) / CALIBRATION_ROUNDS) {
      burnIterations(BATCH_ITERATIONS);
      iterations += BATCH_ITERATIONS;
      usedUs = threadCpuUs() - startUs;
    }
    bestIterationsPerUs = Math.max(bestIterationsPerUs, iterations / usedUs);
  }
  return Math.max(1, Math.round(bestIterationsPerUs * opUs));
}
