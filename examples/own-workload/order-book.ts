// A user's own in-process workload on the bundled harness: each operation is one incoming order (JSON text)
// parsed, matched against an in-memory order book and answered with its fills as JSON. Copy this file, replace
// `handleOrder` with your code, keep `fire` reporting each completion to the recorder.
import { z } from "zod";
import { MessageLedger } from "../../harness/message-ledger.ts";
import { runScenario } from "../../harness/run-scenario.ts";
import { defineScenario } from "../../harness/scenario.ts";
import type { Workload } from "../../harness/workload.ts";

interface Order {
  side: "buy" | "sell";
  price: number;
  quantity: number;
}

/** Resting orders a price level keeps before it cancels its oldest (as real books expire orders). */
const RESTING_ORDERS_PER_LEVEL = 64;

/** Price levels of one side, best first, each a FIFO of resting quantities. */
type Side = Map<number, number[]>;

function match(order: Order, book: { buy: Side; sell: Side }): Array<{ price: number; quantity: number }> {
  const against = order.side === "buy" ? book.sell : book.buy;
  const crosses = (price: number) => (order.side === "buy" ? price <= order.price : price >= order.price);
  const fills: Array<{ price: number; quantity: number }> = [];
  let left = order.quantity;
  const prices = [...against.keys()].sort((a, b) => (order.side === "buy" ? a - b : b - a));
  for (const price of prices) {
    if (left === 0 || !crosses(price)) break;
    const queue = against.get(price) as number[];
    while (left > 0 && queue.length > 0) {
      const take = Math.min(left, queue[0] as number);
      fills.push({ price, quantity: take });
      left -= take;
      if (take === queue[0]) queue.shift();
      else queue[0] = (queue[0] as number) - take;
    }
    if (queue.length === 0) against.delete(price);
  }
  const own = order.side === "buy" ? book.buy : book.sell;
  if (left > 0) rest(own, order.price, left);
  return fills;
}

/** Rests the unfilled quantity; the oldest order of a full level is cancelled, so the book (and the cost) stays bounded. */
function rest(side: Side, price: number, quantity: number): void {
  const queue = side.get(price) ?? [];
  queue.push(quantity);
  if (queue.length > RESTING_ORDERS_PER_LEVEL) queue.shift();
  side.set(price, queue);
}

export const orderBook = defineScenario({
  name: "order-book",
  summary: "parse an order, match it against an in-memory book, serialize the fills",
  flags: {
    levels: z.coerce.number().int().min(1).max(1000).default(50).describe("price levels orders spread over"),
  },
  defaultMode: "ceiling",
  // The operation completes when its answer is ready: a publish-kind latency (no separate delivery).
  latency: () => "publish",
  defaultSloP99Ms: () => 50,
  parameters: (flags) => ({ levels: flags.levels }),
  async setup(flags, recorder): Promise<Workload> {
    const book = { buy: new Map(), sell: new Map() } as { buy: Side; sell: Side };
    const ledger = new MessageLedger(1);
    let sequence = 0;
    let answerBytes = 0;
    return {
      completionsPerOp: 1,
      fire(intendedNs) {
        ledger.published++;
        try {
          const n = sequence++;
          const text = JSON.stringify({
            side: n % 2 ? "buy" : "sell",
            price: 1000 + ((n * 7) % flags.levels),
            quantity: 1 + (n % 5),
          });
          const fills = match(JSON.parse(text) as Order, book);
          answerBytes += JSON.stringify({ id: n, fills }).length;
          ledger.delivered++;
          ledger.acked++;
          recorder.published(intendedNs);
        } catch (error) {
          ledger.errors++;
          recorder.failed(intendedNs, error);
        }
      },
      counts: () => ledger.snapshot(),
      async close() {},
      measuredParameters: () => ({ answerBytes }),
      notes: () => [`${book.buy.size + book.sell.size} price levels resting at the end`],
    };
  },
});

if (import.meta.main) await runScenario(orderBook);
