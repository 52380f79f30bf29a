import { expect, test } from "bun:test";
import { app } from "./index.ts";

test("GET /hello answers JSON", async () => {
  const response = await app.request("/hello?name=bun");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ message: "Hello, bun!" });
});

test("POST /echo parses the JSON body and returns it", async () => {
  const body = { name: "bun", items: [1, 2, 3] };
  const response = await app.request("/echo", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: body, keys: 2 });
});

test("POST /echo refuses a body that is not JSON", async () => {
  const response = await app.request("/echo", { method: "POST", body: "not json" });
  expect(response.status).toBe(400);
});
