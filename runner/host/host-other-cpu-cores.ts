/** Host CPU busy outside the measured containers over a window, in cores (null when the host was not sampled). */
export function hostOtherCpuCores(
  hostBusySeconds: number | null,
  measuredCpuSeconds: number,
  wallSeconds: number,
): number | null {
  if (hostBusySeconds === null || wallSeconds <= 0) return null;
  return Math.max(0, (hostBusySeconds - measuredCpuSeconds) / wallSeconds);
}
