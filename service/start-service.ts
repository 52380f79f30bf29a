import { PubSub } from "../engine/index.ts";
import type { ServiceConfig } from "./config/service-config.ts";
import { adminRoutes } from "./http/admin-routes.ts";
import { jsonResponse } from "./http/error-response.ts";
import { handlePublish } from "./http/handle-publish.ts";
import {
  type PublishEndpoint,
  type PublishListener,
  startPublishListener,
} from "./protocol/publish-listener.ts";
import type { ServiceContext } from "./service-context.ts";
import { CLOSE_SHUTTING_DOWN, RETRY_AFTER_SECONDS } from "./service-defaults.ts";
import { newSocketCounters } from "./stats/socket-counters.ts";
import { handleSubscribe } from "./ws/handle-subscribe.ts";
import type { SocketSession } from "./ws/socket-session.ts";

export interface RunningService {
  readonly url: string;
  readonly port: number;
  readonly context: ServiceContext;
  /** Where publish is benchmarked (PUBSUB_PROTOCOL): PORT for http1, else the extra listener once it is bound. */
  readonly publish: Promise<PublishEndpoint>;
  /** Stops accepting, closes subscriber sockets (their unacked messages go back), waits for requests in flight. */
  stop(): Promise<void>;
}

const SUBSCRIBE_PATH = /^\/subscriptions\/([^/]+)$/;

const unavailable = () =>
  jsonResponse(
    503,
    { error: { code: "UNAVAILABLE", message: "Shutting down." } },
    {
      "retry-after": String(RETRY_AFTER_SECONDS),
    },
  );

/** The engine over HTTP and WebSocket on Bun.serve. */
export function startService(config: ServiceConfig, pubsub = new PubSub()): RunningService {
  const ctx: ServiceContext = {
    pubsub,
    config,
    sockets: newSocketCounters(),
    sessions: new Set(),
    topicHandles: new Map(),
    subscriptionTopics: new Map(),
    startedAtMs: Date.now(),
    shuttingDown: false,
    publishEndpoint: null,
  };
  const routes = {
    "/healthz": {
      // Not ready until the publish endpoint listens; its protocol and port let a load script follow it.
      GET: () =>
        ctx.shuttingDown || ctx.publishEndpoint === null
          ? unavailable()
          : jsonResponse(200, { status: "ok", publish: ctx.publishEndpoint }),
    },
    "/topics/:topic/publish": {
      POST: (request: Bun.BunRequest<"/topics/:topic/publish">) =>
        ctx.shuttingDown ? unavailable() : handlePublish(ctx, request.params.topic, request),
    },
    ...adminRoutes(ctx),
  };
  const server = Bun.serve<SocketSession>({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: config.maxBodyBytes,
    routes,
    fetch(request, srv) {
      const path = new URL(request.url).pathname;
      const match = SUBSCRIBE_PATH.exec(path);
      if (match !== null && request.method === "GET")
        return handleSubscribe(ctx, decodeURIComponent(match[1] as string), request, srv);
      return jsonResponse(404, {
        error: {
          code: "NOT_FOUND",
          message: `No route for ${request.method} ${path}. See docs/bundled-service.md.`,
        },
      });
    },
    websocket: {
      maxPayloadLength: config.maxBodyBytes,
      open(ws) {
        ctx.sockets.open++;
        ctx.sockets.opened++;
        ctx.sessions.add(ws.data);
        ws.data.open(ws);
      },
      message(ws, message) {
        ws.data.receive(typeof message === "string" ? message : message.toString("utf8"));
      },
      drain(ws) {
        ws.data.drain();
      },
      close(ws, code) {
        ctx.sockets.open--;
        ctx.sockets.closed++;
        ctx.sessions.delete(ws.data);
        ws.data.close(code);
      },
    },
  });
  const port = server.port as number;
  let listener: PublishListener | null = null;
  if (config.protocol === "http1") ctx.publishEndpoint = { protocol: "http1", port };
  const publish = startPublishListener(ctx, routes).then((started) => {
    listener = started;
    ctx.publishEndpoint = started?.endpoint ?? { protocol: "http1", port };
    return ctx.publishEndpoint;
  });
  // Callers that only use PORT need not handle a failed extra listener; main.ts exits on it.
  publish.catch(() => undefined);
  return {
    url: `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${port}`,
    port,
    context: ctx,
    publish,
    async stop() {
      if (ctx.shuttingDown) return;
      ctx.shuttingDown = true;
      // A listener still binding is stopped once bound.
      const closingListener = publish.then(
        () => (listener as PublishListener | null)?.stop(config.shutdownGraceMs),
        () => undefined,
      );
      const closing = server.stop(false);
      for (const session of [...ctx.sessions])
        session.closeSocket(CLOSE_SHUTTING_DOWN, "Service shutting down");
      const grace = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownGraceMs).unref());
      await Promise.race([closing, grace]);
      await server.stop(true);
      await closingListener;
    },
  };
}
