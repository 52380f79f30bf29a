import type { PublishProtocol } from "../config/service-config.ts";
import { startGrpcListener } from "../grpc/start-grpc-listener.ts";
import { startH2Listener } from "../h2/start-h2-listener.ts";
import type { ServiceContext } from "../service-context.ts";

/** Where the benchmarked publish endpoint listens: GET /healthz advertises it, so a load script can follow it. */
export interface PublishEndpoint {
  protocol: PublishProtocol;
  port: number;
}

/** An extra listener (HTTP/2 or gRPC) beside the HTTP/1.1 server. */
export interface PublishListener {
  readonly endpoint: PublishEndpoint;
  /** Stops accepting; requests in flight get up to `graceMs`. */
  stop(graceMs: number): Promise<void>;
}

/** The listener PUBSUB_PROTOCOL asks for beside HTTP/1.1 on PORT (null for http1: PORT is the endpoint). */
export async function startPublishListener<R extends string>(
  ctx: ServiceContext,
  routes: Bun.Serve.Routes<undefined, R>,
): Promise<PublishListener | null> {
  if (ctx.config.protocol === "h2") return startH2Listener(ctx, routes);
  if (ctx.config.protocol === "grpc") return startGrpcListener(ctx);
  return null;
}
