import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SECRET_HEADERS_ENV } from "../../../contract/generator-step.ts";
import { runPacedStep } from "./ingest-e2e/run-paced-step.ts";
import { type ServiceProcess, startServiceProcess } from "./ingest-e2e/start-service-process.ts";

// The bundled modules as calibrate runs them: the service behind a TLS front on another port of loopback that wants a
// bearer token, HTTP/1.1 and WebSocket alike. Nothing may go to the service's own port.
const TOKEN = "remote-token-1";
let dir = "";
let service: ServiceProcess | null = null;
let front: ReturnType<typeof Bun.serve> | null = null;
/** A front that speaks HTTP/2 and HTTP/1.1 on one TLS port, as Cloud Run's does. */
let h2Front: Http2SecureServer | null = null;
const h2Seen = { h2: 0, h1: 0 };
const seen = { http: 0, upgrades: 0, refused: 0 };

interface Upstream {
  path: string;
  up: WebSocket | null;
  pending: (string | Buffer)[];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "remote-target-"));
  await Bun.$`openssl req -x509 -newkey rsa:2048 -nodes -keyout ${join(dir, "k.pem")} -out ${join(dir, "c.pem")} -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`.quiet();
  service = await startServiceProcess();
  const backend = service.port;
  front = Bun.serve<Upstream, never>({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: await Bun.file(join(dir, "c.pem")).text(), key: await Bun.file(join(dir, "k.pem")).text() },
    async fetch(request, server) {
      if (request.headers.get("authorization") !== `Bearer ${TOKEN}`) {
        seen.refused += 1;
        return new Response("no", { status: 401 });
      }
      const url = new URL(request.url);
      if (request.headers.get("upgrade") === "websocket") {
        seen.upgrades += 1;
        return server.upgrade(request, {
          data: { path: `${url.pathname}${url.search}`, up: null, pending: [] },
        })
          ? undefined
          : new Response("upgrade failed", { status: 500 });
      }
      seen.http += 1;
      const body =
        request.method === "GET" || request.method === "DELETE" ? undefined : await request.arrayBuffer();
      const answer = await fetch(`http://127.0.0.1:${backend}${url.pathname}${url.search}`, {
        method: request.method,
        headers: { "content-type": request.headers.get("content-type") ?? "application/json" },
        body,
      });
      return new Response(await answer.arrayBuffer(), {
        status: answer.status,
        headers: { "X-Instance-Id": "front-1" },
      });
    },
    websocket: {
      open(ws) {
        const up = new WebSocket(`ws://127.0.0.1:${backend}${ws.data.path}`);
        ws.data.up = up;
        up.onopen = () => {
          for (const message of ws.data.pending.splice(0)) up.send(message);
        };
        up.onmessage = (event) => ws.send(event.data as string);
        up.onclose = () => ws.close();
      },
      message(ws, message) {
        if (ws.data.up?.readyState === WebSocket.OPEN) ws.data.up.send(message);
        else ws.data.pending.push(message);
      },
      close(ws) {
        ws.data.up?.close();
      },
    },
  });
});

afterAll(async () => {
  h2Front?.close();
  front?.stop(true);
  await service?.stop();
  await rm(dir, { recursive: true, force: true });
});

const asCalibrate = () => ({
  host: "127.0.0.1",
  tls: { insecure: true },
  env: { [SECRET_HEADERS_ENV]: JSON.stringify({ Authorization: `Bearer ${TOKEN}` }) },
  ratePerSec: 50,
  durationMs: 1000,
  watchHeader: "x-instance-id",
});

test("ingest over HTTP/1.1 reaches the revision's host, port, TLS and token", async () => {
  const summary = await runPacedStep("ingest", front?.port ?? 0, { batch: 1 }, asCalibrate());
  expect({ completed: summary.completed, errors: summary.errors }).toEqual({ completed: 50, errors: 0 });
  expect(seen.refused).toBe(0);
  // The instance id the answers carried (calibrate --instance-header) reaches the step's summary.
  expect(summary.headerValues).toEqual(["front-1"]);
});

test("e2e publishes over HTTP/1.1 and subscribes over WebSocket through the same front, with the token", async () => {
  const upgrades = seen.upgrades;
  const summary = await runPacedStep("e2e", front?.port ?? 0, { subscribers: 1 }, asCalibrate());
  expect({ completed: summary.completed, errors: summary.errors }).toEqual({ completed: 50, errors: 0 });
  expect(seen.upgrades).toBeGreaterThan(upgrades);
  expect(seen.refused).toBe(0);
});

test("ingest over h2 reaches the revision's own port (not the port the service advertises), with the token", async () => {
  const backend = service?.port ?? 0;
  const tls = {
    cert: await Bun.file(join(dir, "c.pem")).text(),
    key: await Bun.file(join(dir, "k.pem")).text(),
  };
  h2Front = createSecureServer({ ...tls, allowHTTP1: true }, async (req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401).end("no");
      return;
    }
    if (req.httpVersion === "2.0") h2Seen.h2 += 1;
    else h2Seen.h1 += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`http://127.0.0.1:${backend}${req.url}`, {
      method: req.method,
      headers: { "content-type": "application/json" },
      body: chunks.length === 0 ? undefined : Buffer.concat(chunks),
    });
    res
      .writeHead(answer.status, { "x-instance-id": "h2-front" })
      .end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => h2Front?.listen(0, "127.0.0.1", resolve));
  const address = h2Front.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const summary = await runPacedStep("ingest", port, { batch: 1, protocol: "h2" }, asCalibrate());
  expect({ completed: summary.completed, errors: summary.errors }).toEqual({ completed: 50, errors: 0 });
  // The publishes went over HTTP/2, the admin calls over HTTP/1.1, all to this one port.
  expect(h2Seen.h2).toBeGreaterThanOrEqual(50);
  expect(h2Seen.h1).toBeGreaterThan(0);
  expect(summary.headerValues).toEqual(["h2-front"]);
});
