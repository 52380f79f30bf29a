import type { Topic } from "../../engine/index.ts";
import type { ServiceContext } from "../service-context.ts";

/** The cached publisher handle of a topic; ordering on, so messages may carry ordering keys. */
export function topicHandle(ctx: ServiceContext, name: string): Topic {
  let topic = ctx.topicHandles.get(name);
  if (topic === undefined) {
    topic = ctx.pubsub.topic(name, { messageOrdering: true });
    ctx.topicHandles.set(name, topic);
  }
  return topic;
}
