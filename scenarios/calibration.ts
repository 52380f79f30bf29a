import { z } from "zod";
import { burnIterations, calibrateBusyLoop } from "../harness/busy-loop.ts";
import { MessageLedger } from "../harness/message-ledger.ts";
import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import type { Workload } from "../harness/workload.ts";

/** A scenario with a known answer: each operation burns --op-us of CPU, so ceiling ~= min(cores, 1) / opCost. */
export const calibration = defineScenario({
  name: "calibration",
  summary: "each operation burns a fixed amount of CPU; the ceiling should be min(cpuLimitCores, 1) / opCost",
  flags: {
    opUs: z.coerce
      .number()
      .positive()
      .max(1_000_000)
      .default(100)
      .describe("CPU microseconds each operation burns"),
  },
  defaultMode: "ceiling",
  latency: () => "publish",
  // CFS throttling at 0.5 CPU stalls the process for ~50 ms per 100 ms period, so the SLO must tolerate that.
  defaultSloP99Ms: () => 250,
  parameters: (flags) => ({ opUs: flags.opUs }),
  async setup(flags, recorder): Promise<Workload> {
    const calibrationStart = process.cpuUsage();
    const iterationsPerOp = calibrateBusyLoop(flags.opUs);
    const calibrationCpu = process.cpuUsage(calibrationStart);
    const ledger = new MessageLedger(1);
    // Everything the process burns from here on (operations, harness, GC) is what one operation really costs.
    const runStart = process.cpuUsage();
    const cpuUsPerOp = () => {
      const used = process.cpuUsage(runStart);
      return ledger.published > 0 ? (used.user + used.system) / ledger.published : 0;
    };
    return {
      completionsPerOp: 1,
      fire(intendedNs) {
        ledger.published++;
        burnIterations(iterationsPerOp);
        ledger.delivered++;
        ledger.acked++;
        recorder.published(intendedNs);
      },
      counts: () => ledger.snapshot(),
      async close() {},
      measuredParameters: () => ({ iterationsPerOp, cpuUsPerOp: Number(cpuUsPerOp().toFixed(2)) }),
      notes: () => [
        `calibrated ${iterationsPerOp} loop iterations per ${flags.opUs} us op (calibration used ${((calibrationCpu.user + calibrationCpu.system) / 1000).toFixed(0)} ms CPU)`,
        `process CPU per operation over the run, harness included: ${cpuUsPerOp().toFixed(1)} us (parameters.cpuUsPerOp)`,
        "expected ceiling ~= min(cpuLimitCores, 1) x 1e6 / cpuUsPerOp operations/s; latency 'publish' = operation completion",
      ],
    };
  },
});

if (import.meta.main) await runScenario(calibration);
