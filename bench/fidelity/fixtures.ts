// The fidelity bench's two services on Bun, picked by the first argument:
// - alloc-heavy: each request builds a few hundred short-lived objects and serialises them (the GC's helpers work);
// - cpu-light: each request answers a short constant body (the HTTP path alone).
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

const handlers: Record<string, () => Response> = {
  "alloc-heavy": allocHeavy,
  "cpu-light": () => new Response("ok"),
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
