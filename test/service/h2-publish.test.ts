import { afterAll, beforeAll, expect, test } from "bun:test";
import http2 from "node:http2";
import type { RunningService } from "../../service/start-service.ts";
import { request, startTestService } from "./helpers/test-service.ts";

let service: RunningService;
let h2Port: number;
beforeAll(async () => {
  service = startTestService({ PUBSUB_PROTOCOL: "h2", PUBSUB_H2_PORT: "0" });
  h2Port = (await service.publish).port;
  await request(service, "PUT", "/admin/topics/t");
});
afterAll(() => service.stop());

/** One request over a fresh HTTP/2 session (test-only certificate: not verified); the ALPN protocol it got. */
async function h2Request(method: string, path: string, body?: string) {
  const session = http2.connect(`https://127.0.0.1:${h2Port}`, { rejectUnauthorized: false });
  try {
    const stream = session.request({ ":method": method, ":path": path, "content-type": "application/json" });
    stream.end(body);
    const [status, text] = await new Promise<[number, string]>((resolve, reject) => {
      let status = 0;
      let text = "";
      stream.on("response", (headers) => {
        status = Number(headers[":status"]);
      });
      stream.on("data", (chunk) => {
        text += chunk;
      });
      stream.on("end", () => resolve([status, text]));
      stream.on("error", reject);
    });
    return { status, json: JSON.parse(text), alpn: session.alpnProtocol };
  } finally {
    session.close();
  }
}

test("/healthz advertises the h2 listener, on its own port", async () => {
  expect(h2Port).not.toBe(service.port);
  expect((await request(service, "GET", "/healthz")).json).toEqual({
    status: "ok",
    publish: { protocol: "h2", port: h2Port },
  });
});

test("a bulk publish over HTTP/2 (ALPN h2) commits every message, as over HTTP/1.1", async () => {
  const before = (await request(service, "GET", "/admin/stats")).json.engine.published;
  const body = JSON.stringify({ messages: [{ data: "a" }, { data: "b", attributes: { k: "v" } }] });
  const res = await h2Request("POST", "/topics/t/publish", body);
  expect(res).toMatchObject({ status: 200, alpn: "h2" });
  expect(res.json.messageIds).toHaveLength(2);
  expect((await request(service, "GET", "/admin/stats")).json.engine.published - before).toBe(2);
});

test("HTTP/2 errors are the HTTP ones: a bad body is a 400 naming the problem, an unknown topic a 404", async () => {
  const bad = await h2Request("POST", "/topics/t/publish", "{not json");
  expect(bad.status).toBe(400);
  expect(bad.json.error.message).toContain("not valid JSON");
  expect((await h2Request("POST", "/topics/none/publish", '{"data":"x"}')).status).toBe(404);
  expect((await h2Request("GET", "/nowhere")).json.error.code).toBe("NOT_FOUND");
});

test("a client without h2 gets HTTP/1.1 over TLS on the same port", async () => {
  const res = await fetch(`https://127.0.0.1:${h2Port}/topics/t/publish`, {
    method: "POST",
    body: '{"data":"x"}',
    tls: { rejectUnauthorized: false },
  });
  expect(res.status).toBe(200);
});

test("an h2 port already in use fails the service's publish promise, naming the address and the fix", async () => {
  const clash = startTestService({ PUBSUB_PROTOCOL: "h2", PUBSUB_H2_PORT: String(h2Port) });
  try {
    await expect(clash.publish).rejects.toThrow(`HTTP/2 cannot listen on 127.0.0.1:${h2Port}`);
    expect((await request(clash, "GET", "/healthz")).status).toBe(503);
  } finally {
    await clash.stop();
  }
});
