import type { ServiceContext } from "../service-context.ts";
import type { SubscriptionBody } from "./subscription-body.ts";

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
