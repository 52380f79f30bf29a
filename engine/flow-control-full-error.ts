import { PubSubError } from "./errors.ts";

/** publishMessageSync while publisher flow control holds messages back: it cannot wait, so it fails. */
export const flowControlFullError = (): PubSubError =>
  new PubSubError(
    "RESOURCE_EXHAUSTED",
    "Publisher flow control is full; publishMessageSync cannot wait. Use publishMessage (it waits) instead.",
  );
