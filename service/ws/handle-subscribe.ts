import { z } from "zod";
import { createSubscription } from "../http/create-subscription.ts";
import { badRequest, errorResponse, jsonResponse } from "../http/error-response.ts";
import { createTopicIfMissing } from "../http/publish-to-topic.ts";
import type { ServiceContext } from "../service-context.ts";
import { RETRY_AFTER_SECONDS } from "../service-defaults.ts";
import { SocketSession } from "./socket-session.ts";

export interface Upgrader {
  upgrade(request: Request, options: { data: SocketSession }): boolean;
}

/** GET /subscriptions/:sub: upgrades to a subscriber socket, or answers why not (undefined = upgraded). */
export async function handleSubscribe(
  ctx: ServiceContext,
  name: string,
  request: Request,
  server: Upgrader,
): Promise<Response | undefined> {
  const refuse = (response: Response) => {
    ctx.sockets.refused++;
    return response;
  };
  if (ctx.shuttingDown)
    return refuse(
      jsonResponse(
        503,
        { error: { code: "UNAVAILABLE", message: "Shutting down." } },
        {
          "retry-after": String(RETRY_AFTER_SECONDS),
        },
      ),
    );
  const url = new URL(request.url);
  const query = subscribeQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return refuse(badRequest(`Invalid subscribe query:\n${z.prettifyError(query.error)}`));
  try {
    if (!(await ctx.pubsub.subscription(name).exists())) {
      const topic = query.data.topic;
      if (!ctx.config.autoCreate || topic === undefined)
        return refuse(
          jsonResponse(404, {
            error: {
              code: "NOT_FOUND",
              message: `Subscription "${name}" does not exist. Create it with PUT /admin/subscriptions/${name} {"topic": "..."}${ctx.config.autoCreate ? ` or pass ?topic=<topic>` : ""}.`,
            },
          }),
        );
      await createTopicIfMissing(ctx, topic);
      if (!(await ctx.pubsub.subscription(name).exists())) await createSubscription(ctx, name, { topic });
    }
  } catch (error) {
    return refuse(errorResponse(error));
  }
  const flow = {
    maxOutstandingMessages: query.data.maxOutstanding ?? ctx.config.maxOutstandingMessages,
    maxOutstandingBytes: ctx.config.maxOutstandingBytes,
    testDropEveryN: ctx.config.testDropEveryNDeliveries,
  };
  const session = new SocketSession(name, ctx.pubsub, flow, ctx.sockets);
  if (server.upgrade(request, { data: session })) return undefined;
  return refuse(
    badRequest(`GET /subscriptions/${name} is a WebSocket endpoint; send an Upgrade: websocket request.`),
  );
}

/** Query of GET /subscriptions/:sub (the WebSocket upgrade). */
export const subscribeQuerySchema = z.strictObject({
  /** Per-socket unacked limit, overriding the service default (a slow worker takes fewer). */
  maxOutstanding: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** With auto-create on: the topic a missing subscription is created on. */
  topic: z.string().min(1).optional(),
});
