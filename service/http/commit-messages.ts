import type { PublishInput, Topic } from "../../engine/index.ts";

/** Commits messages in order until one fails; returns the ids committed and the failure, if any. */
export function commitMessages(topic: Topic, inputs: PublishInput[]): { ids: string[]; error: unknown } {
  const ids: string[] = [];
  for (const input of inputs) {
    try {
      ids.push(topic.publishMessageSync(input));
    } catch (error) {
      // Each request stands alone: a failure must not pause the key for the next request.
      if (input.orderingKey) topic.resumePublishing(input.orderingKey);
      return { ids, error };
    }
  }
  return { ids, error: null };
}
