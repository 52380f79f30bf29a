import { EventEmitter } from "node:events";
import { MessageLedger } from "../harness/message-ledger.ts";
import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import type { Workload } from "../harness/workload.ts";
import { payloadPicker } from "../service/workloads/payload-mix.ts";
import { SeqAttributes } from "./workload/seq-attributes.ts";
import { workloadFlags } from "./workload/workload-flags.ts";

/**
 * The floor any in-process broker is compared with: a bare node:events EventEmitter dispatching the same
 * messages (payload + the same attributes) to one listener that "acks" at once. Same harness, same load loops.
 */
export const eventEmitterBaseline = defineScenario({
  name: "event-emitter-baseline",
  summary: "bare node:events EventEmitter dispatching the throughput scenario's messages to one listener",
  flags: { payloadMix: workloadFlags.payloadMix() },
  defaultMode: "closed",
  latency: () => "endToEnd",
  defaultSloP99Ms: () => 100,
  parameters: (flags) => ({ payloadMix: flags.payloadMix }),
  async setup(flags, recorder): Promise<Workload> {
    const emitter = new EventEmitter();
    const ledger = new MessageLedger(1);
    const payload = payloadPicker(flags.payloadMix);
    // The same bookkeeping as the pub/sub workload: sequence attribute in, intended time looked up and retired.
    const owed = new Map<number, number>();
    const seqReader = new SeqAttributes();
    emitter.on("message", (message: { data: Buffer; attributes: Record<string, string> }) => {
      const seq = seqReader.read(message.attributes);
      const intendedNs = owed.get(seq);
      if (intendedNs === undefined || !owed.delete(seq)) return;
      ledger.delivered++;
      ledger.acked++;
      recorder.delivered(intendedNs);
    });
    let nextSeq = 0;
    const seqAttributes = new SeqAttributes();
    return {
      completionsPerOp: 1,
      fire(intendedNs) {
        const seq = nextSeq++;
        ledger.published++;
        owed.set(seq, intendedNs);
        emitter.emit("message", { data: payload(seq), attributes: seqAttributes.next() });
      },
      counts: () => ledger.snapshot(),
      async close() {
        emitter.removeAllListeners();
      },
      notes: () => ["synchronous dispatch: no batching, queueing, flow control or acknowledgement tracking"],
    };
  },
});

if (import.meta.main) await runScenario(eventEmitterBaseline);
