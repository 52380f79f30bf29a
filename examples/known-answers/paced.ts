import { z } from "zod";
import { MessageLedger } from "../../harness/message-ledger.ts";
import { runScenario } from "../../harness/run-scenario.ts";
import { defineScenario } from "../../harness/scenario.ts";
import type { Workload } from "../../harness/workload.ts";
import { DueQueue } from "./due-queue.ts";

/**
 * Known answer, paced by something other than CPU: a downstream that serves one operation every 1/rate seconds
 * (a rate-limited API, a fixed-IOPS disk), modelled as a single server with a fixed service time that burns no
 * CPU. Operation k starts at max(its arrival, when k-1 finished) and finishes 1/rate later, so the ceiling is
 * exactly --rate-per-sec whatever the CPU limit, as long as the harness's own cost fits in the quota.
 */
export const paced = defineScenario({
  name: "paced",
  summary: "a downstream that serves one operation every 1/rate s without CPU: ceiling = --rate-per-sec",
  flags: {
    ratePerSec: z.coerce
      .number()
      .positive()
      .max(100_000)
      .default(2000)
      .describe("operations the downstream serves per second"),
  },
  defaultMode: "ceiling",
  latency: () => "publish",
  defaultSloP99Ms: () => 100,
  parameters: (flags) => ({ ratePerSec: flags.ratePerSec }),
  async setup(flags, recorder): Promise<Workload> {
    const serviceNs = 1e9 / flags.ratePerSec;
    const ledger = new MessageLedger(1);
    const queue = new DueQueue((intendedNs) => {
      ledger.delivered++;
      ledger.acked++;
      recorder.published(intendedNs);
    });
    let lastDoneNs = 0;
    return {
      completionsPerOp: 1,
      fire(intendedNs) {
        ledger.published++;
        lastDoneNs = Math.max(Bun.nanoseconds(), lastDoneNs) + serviceNs;
        queue.push(intendedNs, lastDoneNs);
      },
      counts: () => ledger.snapshot(),
      close: () => queue.drain(),
      notes: () => [`known answer: ceiling = ${flags.ratePerSec} operations/s at any CPU limit`],
    };
  },
});

if (import.meta.main) await runScenario(paced);
