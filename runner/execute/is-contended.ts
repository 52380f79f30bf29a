import { CONTENDED_OTHER_CORES } from "./execute-defaults.ts";

/** Other host load this high (in cores, outside the measured containers) disturbs a repetition. */
export function isContended(hostOtherCpuCores: number | null): boolean {
  return hostOtherCpuCores !== null && hostOtherCpuCores >= CONTENDED_OTHER_CORES;
}
