import { startGrpcListener } from "../grpc/start-grpc-listener.ts";
import { startH2Listener } from "../h2/start-h2-listener.ts";
import type { ServiceContext } from "../service-context.ts";
import type { PublishListener } from "./publish-listener.ts";

/** The listener PUBSUB_PROTOCOL asks for beside HTTP/1.1 on PORT (null for http1: PORT is the endpoint). */
export async function startPublishListener<R extends string>(
  ctx: ServiceContext,
  routes: Bun.Serve.Routes<undefined, R>,
): Promise<PublishListener | null> {
  if (ctx.config.protocol === "h2") return startH2Listener(ctx, routes);
  if (ctx.config.protocol === "grpc") return startGrpcListener(ctx);
  return null;
}
