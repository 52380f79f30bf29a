/** Above this share of the measured time waiting for a CPU (beyond throttling), the host was contended. */
export const CONTENDED_WAIT_SHARE = 0.1;

/**
 * A note when the JS thread waited for a CPU, beyond the cgroup's throttling, more than 10% of the measured time:
 * other processes took CPU this container was allowed, so latency (and the ceiling) understate the cell.
 */
export function contentionNote(cpuWait: {
  measuredSeconds: number;
  waitedSeconds: number | null;
}): string | null {
  const { measuredSeconds, waitedSeconds } = cpuWait;
  if (waitedSeconds === null || measuredSeconds <= 0) return null;
  const share = waitedSeconds / measuredSeconds;
  if (share <= CONTENDED_WAIT_SHARE) return null;
  return `host contended: the JavaScript thread waited for a CPU ${(share * 100).toFixed(0)}% of the measured time beyond the cgroup's throttling (run-queue wait, /proc schedstat): other processes took CPU this container was allowed, so its latency and ceiling understate the cell; re-run on a quiet host`;
}
