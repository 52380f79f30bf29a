// A Bun Worker running one share of a paced step: it loads the module itself, opens it, paces from the common start.
import { GeneratorInputError } from "../load/read-step-config.ts";
import { type OpenShare, openShare } from "./open-share.ts";
import { type FromWorker, sharedClockMs, type ToWorker } from "./worker-messages.ts";

declare const self: Worker;
const reply = (message: FromWorker) => self.postMessage(message);
const failed = (error: unknown) =>
  reply({
    type: "failed",
    message: error instanceof Error ? error.message : String(error),
    input: error instanceof GeneratorInputError,
  });

let share: OpenShare | null = null;
self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === "init") {
    openShare(message.config, message.source, message.worker, message.workers).then((opened) => {
      share = opened;
      reply({ type: "ready" });
    }, failed);
  } else if (share !== null) {
    const startMs = performance.now() + (message.startSharedMs - sharedClockMs());
    share.run(startMs).then((figures) => reply({ type: "figures", figures }), failed);
  }
};
