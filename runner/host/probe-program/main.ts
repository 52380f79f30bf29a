/**
 * The host probe's in-container program: four single-thread measurements, one JSON line of raw ops/s on stdout.
 * It imports nothing (its image holds this file alone); runner/host/host-probe.ts turns the figures into a HostProbe.
 * Usage: bun main.ts full|short
 */

/** Each part's warm-up, then its best of `rounds` (a preempted slice or an ill-timed GC only lowers one round). */
const FORMS = {
  full: { warmupMs: 150, measureMs: 150, rounds: 5 },
  short: { warmupMs: 150, measureMs: 50, rounds: 4 },
} as const;
type Form = keyof typeof FORMS;

/** Runs `batch` (returns the ops it did) until `ms` have passed; ops per second over the measured time. */
async function timed(ms: number, batch: () => number | Promise<number>): Promise<number> {
  let ops = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    ops += await batch();
    elapsed = performance.now() - started;
  }
  return (ops * 1000) / elapsed;
}

async function bestOf(rounds: number, measure: () => Promise<number>): Promise<number> {
  let best = 0;
  for (let i = 0; i < rounds; i++) best = Math.max(best, await measure());
  return best;
}

let sink = 0;

/** Integer arithmetic in a tight loop (xorshift32): the core's clock and pipeline, no memory traffic. */
function integerBatch(): number {
  let x = (sink | 1) >>> 0;
  const n = 200_000;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x = (x + i) | 0;
  }
  sink = x;
  return n;
}

/** Short-lived objects (a small record with an array and a string), most dropped at once: the allocator and young GC. */
function allocationBatch(): number {
  const n = 20_000;
  let keep: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const item = {
      id: i,
      name: `item-${i & 1023}`,
      tags: [i, i + 1, i + 2],
      nested: { ok: (i & 1) === 0 },
      slots: new Array(16),
    };
    // One in eight survives a while, so young collections have live objects to trace and promote.
    if ((i & 7) === 0) keep.push(item);
    if (keep.length > 1024) keep = [];
    sink = (sink + item.tags.length) | 0;
  }
  return n;
}

/** A 1 KB document like an API's body: strings, numbers, booleans, a nested array of records. */
function jsonDocument(): string {
  const items = Array.from({ length: 8 }, (_, i) => ({
    id: 1000 + i,
    sku: `SKU-${(i * 7919).toString(36).toUpperCase()}`,
    price: 19.99 + i,
    qty: i + 1,
    inStock: i % 3 !== 0,
  }));
  const doc = {
    orderId: "ord_8f14e45fceea167a",
    customer: { id: 42, name: "Ada Lovelace", tier: "gold" },
    items,
  };
  let text = JSON.stringify(doc);
  // Pad to 1 KB exactly so every version of the probe parses the same size.
  if (text.length < 1024) text = JSON.stringify({ ...doc, note: "x".repeat(1024 - text.length - 10) });
  return text;
}

function jsonBatch(text: string): () => number {
  return () => {
    const n = 500;
    for (let i = 0; i < n; i++) {
      const parsed = JSON.parse(text) as { items: { qty: number }[] };
      parsed.items[0] = { ...parsed.items[0], qty: i } as { qty: number };
      sink = (sink + JSON.stringify(parsed).length) | 0;
    }
    return n;
  };
}

/** HTTP/1.1 round trips over loopback to a Bun.serve in this process, a few in flight (keep-alive). */
async function httpOpsPerSec(warmupMs: number, measureMs: number, rounds: number): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("ok") });
  const url = `http://127.0.0.1:${server.port}/`;
  const inFlight = 4;
  const batch = async () => {
    const responses = await Promise.all(Array.from({ length: inFlight }, () => fetch(url)));
    for (const response of responses) await response.text();
    return inFlight;
  };
  try {
    await timed(warmupMs, batch);
    return await bestOf(rounds, () => timed(measureMs, batch));
  } finally {
    server.stop(true);
  }
}

async function main(form: Form): Promise<void> {
  const { warmupMs, measureMs, rounds } = FORMS[form];
  const part = async (batch: () => number | Promise<number>) => {
    await timed(warmupMs, batch);
    return bestOf(rounds, () => timed(measureMs, batch));
  };
  const started = performance.now();
  const integer = await part(integerBatch);
  const allocation = await part(allocationBatch);
  const json = await part(jsonBatch(jsonDocument()));
  const http = await httpOpsPerSec(warmupMs, measureMs, rounds);
  const out = {
    form,
    integer,
    allocation,
    json,
    http,
    bunVersion: Bun.version,
    elapsedMs: performance.now() - started,
  };
  console.log(JSON.stringify(out));
}

const form = process.argv[2];
if (form !== "full" && form !== "short") {
  console.error(`usage: bun main.ts full|short (got ${form ?? "nothing"})`);
  process.exit(2);
}
await main(form);

export {};
