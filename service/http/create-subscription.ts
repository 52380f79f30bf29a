import { z } from "zod";
import type { ServiceContext } from "../service-context.ts";

/** Creates a subscription with the service's defaults for what the body leaves unset. */
export async function createSubscription(
  ctx: ServiceContext,
  name: string,
  body: SubscriptionBody,
): Promise<void> {
  const c = ctx.config;
  await ctx.pubsub.createSubscription(body.topic, name, {
    ackDeadlineSeconds: body.ackDeadlineSeconds ?? c.ackDeadlineSeconds,
    maxBacklogMessages: body.maxBacklogMessages ?? c.maxBacklogMessages,
    maxBacklogBytes: body.maxBacklogBytes ?? c.maxBacklogBytes,
    enableMessageOrdering: body.enableMessageOrdering ?? false,
    ...(body.filter === undefined ? {} : { filter: body.filter }),
    // The service publishes synchronously: a full backlog answers 429 at once, never parks a request.
    onBacklogFull: "reject",
  });
  ctx.subscriptionTopics.set(name, body.topic);
}

/** PUT /admin/subscriptions/:sub body; unset fields take the service's defaults. */
export const subscriptionBodySchema = z.strictObject({
  topic: z.string().min(1),
  ackDeadlineSeconds: z.number().int().min(10).max(600).optional(),
  maxBacklogMessages: z.number().int().min(1).optional(),
  maxBacklogBytes: z.number().int().min(1).optional(),
  enableMessageOrdering: z.boolean().optional(),
  filter: z.string().optional(),
});

export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;
