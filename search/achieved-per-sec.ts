/** achieved = operations completed (by the end of the bounded drain) / the send window; 0 for an empty window. */
export function achievedPerSec(completedOps: number, sendWindowMs: number): number {
  return sendWindowMs > 0 ? completedOps / (sendWindowMs / 1000) : 0;
}
