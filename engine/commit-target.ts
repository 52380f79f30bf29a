import type { Batch } from "./batch.ts";
import type { Attributes } from "./message.ts";

/** Where flushed batches go (the topic's server-side state). */
export interface CommitTarget {
  commit(batch: Batch): void;
  /** Commits one message now or throws (never waits); used by publishMessageSync. */
  commitNow(data: Buffer, attributes: Attributes, size: number, orderingKey: string): string;
}
