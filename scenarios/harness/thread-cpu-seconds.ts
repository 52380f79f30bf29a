// This thread's CPU only (the JIT and GC threads are the workload's cost, not the generator's).
const proc = process as { threadCpuUsage?: () => NodeJS.CpuUsage };

/** CPU seconds this thread has used; falls back to the whole process where threadCpuUsage is missing. */
export function threadCpuSeconds(): number {
  const used = proc.threadCpuUsage ? proc.threadCpuUsage() : process.cpuUsage();
  return (used.user + used.system) / 1e6;
}
