/** Docker counts CPU in billionths: NanoCpus for a limit, nanoseconds for CPU time. The one place the billion is written. */
const NANOS_PER_UNIT = 1e9;

/** Docker's HostConfig.NanoCpus of a CPU count (`--cpus`), whole nano-CPUs. */
export const nanoCpusOf = (cpus: number): number => Math.round(cpus * NANOS_PER_UNIT);

/** The CPU count (`--cpus`) of a NanoCpus value. */
export const cpusOfNanoCpus = (nanoCpus: number): number => nanoCpus / NANOS_PER_UNIT;

/** Seconds of a time counted in nanoseconds (cgroup and Docker stats CPU counters). */
export const secondsOfNanos = (nanos: number): number => nanos / NANOS_PER_UNIT;
