// Hot path: Batcher.add + count-triggered flush into a commit target that settles synchronously.
import { bench, group, run } from "mitata";
import type { Batch } from "../../engine/batch.ts";
import { Batcher, type CommitTarget } from "../../engine/batcher.ts";
import { realClock } from "../../engine/clock.ts";
import { resolvePublishSettings } from "../../engine/publish-settings.ts";
import { EMPTY_ATTRIBUTES } from "../../engine/publish-validation.ts";

let seq = 0;
const target: CommitTarget = {
  commit(batch: Batch) {
    for (let i = batch.pos; i < batch.count; i++) (batch.resolves[i] as (id: string) => void)(String(++seq));
    batch.pos = batch.count;
    batch.settle();
  },
  commitNow: () => String(++seq),
};
const data = Buffer.alloc(1024, 1);
const noop = () => {};

function batcherFor(maxMessages: number): Batcher {
  const settings = resolvePublishSettings({ batching: { maxMessages, maxMilliseconds: 1000 } });
  return new Batcher("bench", settings, realClock, () => target);
}

group("batching (1,000 messages per iteration)", () => {
  for (const size of [1, 10, 100, 1000]) {
    const batcher = batcherFor(size);
    bench(`Batcher.add, maxMessages ${size}`, () => {
      for (let i = 0; i < 1000; i++) batcher.add(data, EMPTY_ATTRIBUTES, 1024, "", noop, noop);
    });
  }
  const ordered = new Batcher(
    "bench",
    resolvePublishSettings({ messageOrdering: true, batching: { maxMessages: 100, maxMilliseconds: 1000 } }),
    realClock,
    () => target,
  );
  const keys = ["a", "b", "c", "d", "e", "f", "g", "h"];
  bench("Batcher.add, 8 ordering keys, maxMessages 100", () => {
    for (let i = 0; i < 1000; i++)
      ordered.add(data, EMPTY_ATTRIBUTES, 1024, keys[i & 7] as string, noop, noop);
  });
});

if (import.meta.main) await run();
