// The fidelity bench's two services on Bun, picked by the first argument:
// - alloc-heavy: each request builds a few hundred short-lived objects and serialises them (the GC's helpers work);
// - cpu-light: each request does a little real work, as a small API does: it parses a small JSON document (≈0.5 KB),
//   updates it, serialises it and answers its SHA-256, 12 times. Under wrk on this 2-core VM (2026-11-27): 56 µs of
//   service CPU a request in the host's fast stretches, 88 µs in its slow ones (alloc-heavy ≈150-250 µs). With 5
//   rounds (≈34 µs) the open-loop generator's core filled first (≈0.74 core, plus the kernel's loopback work) at
//   ≈20,000/s and the tool rightly flagged exceeds-host; at 12 the service is the limit with the generator at ≈0.5 core.
const PORT = Number(process.env.PORT ?? 8080);
const OBJECTS_PER_REQUEST = 300;
const fixture = process.argv[2] ?? "";

let counter = 0;
function allocHeavy(): Response {
  const items: Array<Record<string, unknown>> = [];
  for (let index = 0; index < OBJECTS_PER_REQUEST; index++) {
    counter = (counter + 1) | 0;
    items.push({
      id: counter,
      name: `item-${index}`,
      tags: [index % 7, index % 11],
      position: { x: index * 0.5, y: counter & 255 },
    });
  }
  return new Response(JSON.stringify({ count: items.length, items }), {
    headers: { "content-type": "application/json" },
  });
}

/** The small document cpu-light parses per request, as an API parses a request body. */
const DOCUMENT = JSON.stringify({
  id: 42,
  user: { name: "Ada Lovelace", tier: "gold" },
  items: Array.from({ length: 6 }, (_, index) => ({
    sku: `SKU-${index}`,
    qty: index + 1,
    price: 9.5 + index,
  })),
  note: "x".repeat(200),
});
/** Rounds of parse, update, serialise and hash per request (the document's SHA-256 chains through them). */
const CPU_LIGHT_ROUNDS = 12;

function cpuLight(): Response {
  let digest = "";
  for (let round = 0; round < CPU_LIGHT_ROUNDS; round++) {
    const parsed = JSON.parse(DOCUMENT) as { id: number; digest?: string };
    counter = (counter + 1) | 0;
    parsed.id = counter;
    parsed.digest = digest;
    digest = new Bun.CryptoHasher("sha256").update(JSON.stringify(parsed)).digest("hex");
  }
  return new Response(digest);
}

const handlers: Record<string, () => Response> = {
  "alloc-heavy": allocHeavy,
  "cpu-light": cpuLight,
};
const handle = handlers[fixture];
if (!handle) {
  console.error(`usage: bun fixtures.ts ${Object.keys(handlers).join("|")}`);
  process.exit(2);
}

Bun.serve({
  port: PORT,
  hostname: "127.0.0.1",
  fetch(request) {
    if (new URL(request.url).pathname === "/health") return new Response("ok");
    return handle();
  },
});
console.error(`fidelity fixture ${fixture} on 127.0.0.1:${PORT}`);

export {};
