import { type PublishInput, PubSubError, type Topic } from "../../engine/index.ts";
import type { ServiceContext } from "../service-context.ts";
import { commitMessages } from "./commit-messages.ts";

/**
 * The one publish path of every protocol (HTTP/1.1, HTTP/2, gRPC): commits checked inputs in order, creating the
 * topic first when auto-create is on and it is missing. Returns the ids committed and the failure, if any.
 */
export async function publishToTopic(
  ctx: ServiceContext,
  topicName: string,
  inputs: PublishInput[],
): Promise<{ ids: string[]; error: unknown }> {
  let result = commitMessages(topicHandle(ctx, topicName), inputs);
  if (result.ids.length === 0 && ctx.config.autoCreate && isNotFound(result.error)) {
    await createTopicIfMissing(ctx, topicName);
    result = commitMessages(topicHandle(ctx, topicName), inputs);
  }
  return result;
}

const isNotFound = (error: unknown) => error instanceof PubSubError && error.code === "NOT_FOUND";

/** Creates a topic, treating "already exists" (a concurrent creator won) as success. */
export async function createTopicIfMissing(ctx: ServiceContext, name: string): Promise<void> {
  try {
    await ctx.pubsub.createTopic(name);
  } catch (error) {
    if (!(error instanceof PubSubError && error.code === "ALREADY_EXISTS")) throw error;
  }
}

/** The cached publisher handle of a topic; ordering on, so messages may carry ordering keys. */
export function topicHandle(ctx: ServiceContext, name: string): Topic {
  let topic = ctx.topicHandles.get(name);
  if (topic === undefined) {
    topic = ctx.pubsub.topic(name, { messageOrdering: true });
    ctx.topicHandles.set(name, topic);
  }
  return topic;
}
