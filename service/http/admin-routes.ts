import { z } from "zod";
import type { ServiceContext } from "../service-context.ts";
import { serviceStats } from "../stats/service-stats.ts";
import { createSubscription, subscriptionBodySchema } from "./create-subscription.ts";
import { badRequest, errorResponse, jsonResponse, readJsonBody } from "./error-response.ts";

type Params<K extends string> = Request & { params: Record<K, string> };

/** Admin API: create/delete topics and subscriptions, list them, and the stats the scenarios sample. */
export function adminRoutes(ctx: ServiceContext) {
  const guarded =
    <R extends Request>(handler: (request: R) => Promise<Response>) =>
    async (request: R): Promise<Response> => {
      try {
        return await handler(request);
      } catch (error) {
        return errorResponse(error);
      }
    };
  return {
    "/admin/stats": { GET: guarded(async () => jsonResponse(200, await serviceStats(ctx))) },
    "/admin/topics": {
      GET: guarded(async () =>
        jsonResponse(200, { topics: (await ctx.pubsub.getTopics()).map((t) => t.name) }),
      ),
    },
    "/admin/topics/:topic": {
      PUT: guarded(async (request: Params<"topic">) => {
        await ctx.pubsub.createTopic(request.params.topic);
        return jsonResponse(201, { name: request.params.topic });
      }),
      DELETE: guarded(async (request: Params<"topic">) => {
        await ctx.pubsub.topic(request.params.topic).delete();
        ctx.topicHandles.delete(request.params.topic);
        return new Response(null, { status: 204 });
      }),
    },
    "/admin/subscriptions": {
      GET: guarded(async () =>
        jsonResponse(200, { subscriptions: (await ctx.pubsub.getSubscriptions()).map((s) => s.name) }),
      ),
    },
    "/admin/subscriptions/:sub": {
      PUT: guarded(async (request: Params<"sub">) => {
        const body = await readJsonBody(request);
        if (body instanceof Response) return body;
        const parsed = subscriptionBodySchema.safeParse(body.value);
        if (!parsed.success)
          return badRequest(
            `Invalid subscription body (expected {topic, ackDeadlineSeconds?, maxBacklogMessages?, maxBacklogBytes?, enableMessageOrdering?, filter?}):\n${z.prettifyError(parsed.error)}`,
          );
        await createSubscription(ctx, request.params.sub, parsed.data);
        return jsonResponse(201, { name: request.params.sub, topic: parsed.data.topic });
      }),
      DELETE: guarded(async (request: Params<"sub">) => {
        await ctx.pubsub.subscription(request.params.sub).delete();
        ctx.subscriptionTopics.delete(request.params.sub);
        return new Response(null, { status: 204 });
      }),
    },
  };
}
