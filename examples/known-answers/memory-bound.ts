import { z } from "zod";
import { readCgroupLimits } from "../../harness/cgroup/read-cgroup-limits.ts";
import { MessageLedger } from "../../harness/message-ledger.ts";
import { runScenario } from "../../harness/run-scenario.ts";
import { defineScenario } from "../../harness/scenario.ts";
import type { Workload } from "../../harness/workload.ts";
import { DueQueue } from "./due-queue.ts";
import { memorySlots } from "./memory-slots.ts";

const PAGE_BYTES = 4096;

/**
 * Known answer, memory-bound: a service that buffers each operation in memory (an upload, a batch) for --hold-ms.
 * Its buffer pool is what the container's memory allows: slots = floor((limit - reserve) / buffer), real pages,
 * allocated and touched up front (too small a reserve is an OOM kill, not a silent pass). An operation waits for
 * a free slot, so by Little's law the ceiling is slots / hold, however many CPUs the container has.
 */
export const memoryBound = defineScenario({
  name: "memory-bound",
  summary: "each operation holds one buffer of the memory-sized pool for --hold-ms: ceiling = slots / hold",
  flags: {
    bufferKib: z.coerce.number().int().positive().default(1024).describe("KiB each operation holds"),
    holdMs: z.coerce.number().positive().default(250).describe("how long each operation holds its buffer"),
    reserveMib: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(96)
      .describe("memory left to the runtime (MiB)"),
  },
  defaultMode: "ceiling",
  latency: () => "publish",
  defaultSloP99Ms: () => 350,
  parameters: (flags) => ({ bufferKib: flags.bufferKib, holdMs: flags.holdMs, reserveMib: flags.reserveMib }),
  async setup(flags, recorder): Promise<Workload> {
    const limitBytes = readCgroupLimits().memoryLimitBytes;
    if (limitBytes === null)
      throw new Error("memory-bound needs a memory limit (run it under docker --memory)");
    const slots = memorySlots(limitBytes, flags);
    const pool = Array.from({ length: slots }, () => Buffer.alloc(flags.bufferKib * 1024, 1));
    const holdNs = flags.holdMs * 1e6;
    const ledger = new MessageLedger(1);
    const queue = new DueQueue((intendedNs) => {
      ledger.delivered++;
      ledger.acked++;
      recorder.published(intendedNs);
    });
    // releaseNs[k % slots]: when operation k gives its buffer back; operation k + slots may take it from then.
    const releaseNs = new Float64Array(slots);
    let admitted = 0;
    return {
      completionsPerOp: 1,
      fire(intendedNs) {
        ledger.published++;
        const slot = admitted++ % slots;
        const startNs = Math.max(Bun.nanoseconds(), releaseNs[slot] ?? 0);
        const buffer = pool[slot] as Buffer;
        for (let offset = 0; offset < buffer.length; offset += PAGE_BYTES) buffer[offset] = admitted & 0xff;
        releaseNs[slot] = startNs + holdNs;
        queue.push(intendedNs, startNs + holdNs);
      },
      counts: () => ledger.snapshot(),
      close: () => queue.drain(),
      measuredParameters: () => ({ slots, memoryLimitBytes: limitBytes }),
      notes: () => [
        `known answer: ${slots} buffers of ${flags.bufferKib} KiB held ${flags.holdMs} ms each: ceiling = ${((slots * 1000) / flags.holdMs).toFixed(1)} operations/s`,
      ],
    };
  },
});

if (import.meta.main) await runScenario(memoryBound);
