import { z } from "zod";
import { MessageLedger } from "../../harness/message-ledger.ts";
import { runScenario } from "../../harness/run-scenario.ts";
import { defineScenario } from "../../harness/scenario.ts";
import type { Workload } from "../../harness/workload.ts";

// The process clock, not the thread one: getrusage(RUSAGE_THREAD) advances only at scheduler ticks (~2 ms lumps
// measured here), so spinning on it for 1 ms burns 2-3 ms; RUSAGE_SELF includes the running slice.
const processCpuUs = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};

/** Spins until the process has used `us` more microseconds of CPU: exact whatever the loop speed or throttling. */
export function burnCpu(us: number): void {
  const until = processCpuUs() + us;
  while (processCpuUs() < until) {}
}

/**
 * Known answer, CPU-bound: each operation burns exactly --op-us of CPU on the JavaScript thread (spinning on the
 * process's CPU clock). One thread can use at most one core, and the quota gives min(cpus, 1) of it, so the ceiling is min(cpus, 1) x 1e6 / opUs.
 */
export const cpuBound = defineScenario({
  name: "cpu-bound",
  summary: "each operation burns --op-us of CPU: ceiling = min(cpus, 1) x 1e6 / opUs",
  flags: {
    opUs: z.coerce
      .number()
      .positive()
      .max(1_000_000)
      .default(1000)
      .describe("CPU microseconds per operation"),
  },
  defaultMode: "ceiling",
  latency: () => "publish",
  defaultSloP99Ms: () => 100,
  parameters: (flags) => ({ opUs: flags.opUs }),
  async setup(flags, recorder): Promise<Workload> {
    const ledger = new MessageLedger(1);
    return {
      completionsPerOp: 1,
      fire(intendedNs) {
        ledger.published++;
        burnCpu(flags.opUs);
        ledger.delivered++;
        ledger.acked++;
        recorder.published(intendedNs);
      },
      counts: () => ledger.snapshot(),
      async close() {},
      notes: () => [`known answer: ceiling = min(cpus, 1) x 1e6 / ${flags.opUs} operations/s`],
    };
  },
});

if (import.meta.main) await runScenario(cpuBound);
