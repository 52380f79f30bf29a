import { PubSubError } from "../../engine/index.ts";
import type { ServiceContext } from "../service-context.ts";

/** Creates a topic, treating "already exists" (a concurrent creator won) as success. */
export async function createTopicIfMissing(ctx: ServiceContext, name: string): Promise<void> {
  try {
    await ctx.pubsub.createTopic(name);
  } catch (error) {
    if (!(error instanceof PubSubError && error.code === "ALREADY_EXISTS")) throw error;
  }
}
