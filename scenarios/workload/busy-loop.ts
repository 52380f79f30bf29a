/** CPU time the calibration spends measuring loop speed. */
export const CALIBRATION_CPU_MS = 200;

let sink = 0;

/** Burns CPU for `iterations` rounds of integer math the JIT cannot drop (the result feeds a module-level sink). */
export function burnIterations(iterations: number): number {
  let value = sink | 0;
  for (let index = 0; index < iterations; index++)
    value = (Math.imul(value, 1_103_515_245) + 12_345 + index) | 0;
  sink = value;
  return value;
}

/** Loop iterations that burn `opUs` microseconds of CPU, measured with process.cpuUsage (immune to throttling). */
export function calibrateBusyLoop(opUs: number): number {
  burnIterations(1_000_000);
  let iterations = 0;
  const batch = 100_000;
  const start = process.cpuUsage();
  let usedUs = 0;
  while (usedUs < CALIBRATION_CPU_MS * 1000) {
    burnIterations(batch);
    iterations += batch;
    const used = process.cpuUsage(start);
    usedUs = used.user + used.system;
  }
  return Math.max(1, Math.round((iterations / usedUs) * opUs));
}
