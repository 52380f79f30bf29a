import { afterEach, expect, test } from "bun:test";
import { createHttp1Client, type Http1Client } from "../../../../generator/api/http/http1-client.ts";

/** A raw HTTP/1.1 server on 127.0.0.1 answering each request head with `answer(head)` (null: never answers). */
function rawServer(answer: (head: string) => string | null) {
  const heads: string[] = [];
  let connections = 0;
  const listener = Bun.listen<{ pending: string }>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        connections++;
        socket.data = { pending: "" };
      },
      data(socket, chunk) {
        socket.data.pending += chunk.toString("latin1");
        for (let end = socket.data.pending.indexOf("\r\n\r\n"); end >= 0; ) {
          const head = socket.data.pending.slice(0, end);
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
          if (socket.data.pending.length < end + 4 + length) return;
          socket.data.pending = socket.data.pending.slice(end + 4 + length);
          heads.push(head);
          const response = answer(head);
          if (response !== null) socket.write(response);
          end = socket.data.pending.indexOf("\r\n\r\n");
        }
      },
    },
  });
  return { port: listener.port, heads, connections: () => connections, stop: () => listener.stop(true) };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function clientOn(server: ReturnType<typeof rawServer>, maxConnections = 4, timeoutMs = 2000): Http1Client {
  const client = createHttp1Client(server.port, { maxConnections, timeoutMs });
  cleanups.push(() => client.close(), server.stop);
  return client;
}

test("status and body: read when asked, not kept otherwise; a non-2xx answer is not ok", async () => {
  const server = rawServer((head) =>
    head.startsWith("POST")
      ? 'HTTP/1.1 201 Created\r\nContent-Length: 17\r\n\r\n{"messageIds":[]}'
      : "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nnope\r\n0\r\n\r\n",
  );
  const client = clientOn(server);
  const post = client.prepare({ method: "POST", path: "/p", headers: { "X-A": "1" }, body: "é" });
  const answer = await client.request(post, true);
  expect(answer).toMatchObject({ ok: true, status: 201 });
  expect(answer.body?.toString()).toBe('{"messageIds":[]}');
  expect(answer.doneAtMs).toBeGreaterThan(0);
  expect(await client.request(post)).toMatchObject({ ok: true, status: 201, body: null });
  const missing = await client.request(client.prepare({ method: "GET", path: "/none" }), true);
  expect(missing).toMatchObject({ ok: false, status: 404 });
  expect(missing.body?.toString()).toBe("nope");
  // Host and Content-Length are the client's; the UTF-8 body is counted in bytes.
  expect(server.heads[0]).toBe(
    `POST /p HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-A: 1\r\nContent-Length: 2`,
  );
});

test("a Host given is sent instead of ours (a mix may name a virtual host); a Content-Length given is not", async () => {
  const server = rawServer(() => "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
  const client = clientOn(server);
  const shape = {
    method: "put",
    path: "/v",
    headers: { host: "api.test", "content-length": "9" },
    body: "ab",
  };
  expect((await client.request(client.prepare(shape))).ok).toBe(true);
  expect(server.heads[0]).toBe("PUT /v HTTP/1.1\r\nhost: api.test\r\nContent-Length: 2");
});

test("keep-alive: requests in series reuse one connection; in parallel, one each up to maxConnections", async () => {
  const server = rawServer(() => "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
  const client = clientOn(server, 3);
  const get = client.prepare({ method: "GET", path: "/" });
  for (let i = 0; i < 5; i++) expect((await client.request(get)).ok).toBe(true);
  expect(server.connections()).toBe(1);
  const parallel = await Promise.all(Array.from({ length: 4 }, () => client.request(get)));
  // The 4th found no connection to spare: it fails at once, without a status.
  expect(parallel.map((a) => a.status).sort()).toEqual([0, 200, 200, 200]);
  expect(server.connections()).toBe(3);
});

test("Connection: close is honoured: the next request opens a new connection", async () => {
  const server = rawServer(() => "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  const client = clientOn(server);
  const get = client.prepare({ method: "GET", path: "/" });
  expect((await client.request(get)).ok).toBe(true);
  expect((await client.request(get)).ok).toBe(true);
  expect(server.connections()).toBe(2);
});

test("a request never answered fails after timeoutMs, its connection closed; a refused port fails", async () => {
  const server = rawServer(() => null);
  const client = clientOn(server, 2, 100);
  const startMs = performance.now();
  const answer = await client.request(client.prepare({ method: "GET", path: "/slow" }));
  const tookMs = performance.now() - startMs;
  expect(answer).toMatchObject({ ok: false, status: 0, body: null });
  expect(tookMs).toBeGreaterThanOrEqual(100);
  expect(tookMs).toBeLessThan(1000);
  // The timed-out connection is not reused: the next request opens another.
  await client.request(client.prepare({ method: "GET", path: "/slow" }));
  expect(server.connections()).toBe(2);
  server.stop();
  const refused = createHttp1Client(server.port, { maxConnections: 1, timeoutMs: 1000 });
  cleanups.push(() => refused.close());
  expect(await refused.request(refused.prepare({ method: "GET", path: "/" }))).toMatchObject({ status: 0 });
});

test("close() fails the requests in flight", async () => {
  const server = rawServer(() => null);
  const client = clientOn(server, 2, 5000);
  const pending = client.request(client.prepare({ method: "GET", path: "/" }));
  await Bun.sleep(20);
  client.close();
  expect(await pending).toMatchObject({ ok: false, status: 0 });
});
