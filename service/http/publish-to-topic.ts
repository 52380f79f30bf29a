import { type PublishInput, PubSubError } from "../../engine/index.ts";
import type { ServiceContext } from "../service-context.ts";
import { commitMessages } from "./commit-messages.ts";
import { createTopicIfMissing } from "./create-topic-if-missing.ts";
import { topicHandle } from "./topic-handle.ts";

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
