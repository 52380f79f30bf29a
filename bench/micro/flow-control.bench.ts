// Hot path: per-message flow-control decisions (subscriber capacity, publisher wait, backlog room).
import { bench, do_not_optimize, group, run } from "mitata";
import { backlogHasRoom, publisherMustWait, subscriberHasCapacity } from "../../engine/flow-control.ts";

const sub = { maxMessages: 1000, maxBytes: 100 * 1024 * 1024, allowExcessMessages: false };
const pub = { maxOutstandingMessages: 1000, maxOutstandingBytes: 1024 * 1024 };
let n = 0;

group("flow-control decisions", () => {
  bench("subscriberHasCapacity", () =>
    do_not_optimize(subscriberHasCapacity(n++ & 1023, 500_000, 1024, sub)),
  );
  bench("publisherMustWait", () => do_not_optimize(publisherMustWait(n++ & 1023, 500_000, 1024, pub)));
  bench("backlogHasRoom", () =>
    do_not_optimize(backlogHasRoom(n++ & 0xffff, 64_000_000, 1024, 100_000, 67_108_864)),
  );
});

if (import.meta.main) await run();
