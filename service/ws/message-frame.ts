import type { Message } from "../../engine/index.ts";

/** One delivered message as the subscriber sees it; data goes back as the text it was published as. */
export function messageJson(m: Message): string {
  return JSON.stringify({
    id: m.id,
    data: m.data.toString("utf8"),
    attributes: m.attributes,
    orderingKey: m.orderingKey === "" ? undefined : m.orderingKey,
    publishTime: new Date(m.publishTimeMs).toISOString(),
    deliveryAttempt: m.deliveryAttempt,
  });
}
