import { Hono } from "hono";

/** A small Hono service: a GET that answers JSON and a POST that parses a JSON body and returns it. */
export const app = new Hono();

app.get("/hello", (c) => c.json({ message: `Hello, ${c.req.query("name") ?? "world"}!` }));

app.post("/echo", async (c) => {
  const body: unknown = await c.req.json().catch(() => null);
  if (body === null || typeof body !== "object")
    return c.json({ error: "expected a JSON object or list" }, 400);
  return c.json({ received: body, keys: Object.keys(body).length });
});

// `bun run index.ts` serves a default export that has a fetch handler (Bun's default port is 3000).
export default { port: Number(process.env.PORT ?? 3000), fetch: app.fetch };
