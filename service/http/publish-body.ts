import { z } from "zod";

/** Pub/Sub allows at most 1,000 messages per publish call. */
export const MAX_MESSAGES_PER_PUBLISH = 1000;

/** One message: `data` is text (UTF-8); binary payloads travel base64-encoded as the client likes. */
export const publishMessageSchema = z.strictObject({
  data: z.string().optional(),
  attributes: z.record(z.string(), z.string()).optional(),
  orderingKey: z.string().optional(),
});

export const bulkPublishSchema = z.strictObject({
  messages: z.array(publishMessageSchema).min(1).max(MAX_MESSAGES_PER_PUBLISH),
});

export type PublishMessageBody = z.infer<typeof publishMessageSchema>;

/** A body with `messages` is a bulk publish; anything else is one message. */
export function parsePublishBody(
  body: unknown,
): { ok: true; messages: PublishMessageBody[]; bulk: boolean } | { ok: false; message: string } {
  const bulk = typeof body === "object" && body !== null && !Array.isArray(body) && "messages" in body;
  const parsed = bulk ? bulkPublishSchema.safeParse(body) : publishMessageSchema.safeParse(body);
  if (!parsed.success)
    return {
      ok: false,
      message: `Invalid ${bulk ? "bulk " : ""}publish body (expected ${bulk ? "{messages: [{data, attributes?, orderingKey?}, ...]}" : "{data, attributes?, orderingKey?}"}):\n${z.prettifyError(parsed.error)}`,
    };
  const value = parsed.data;
  return "messages" in value
    ? { ok: true, messages: value.messages as PublishMessageBody[], bulk: true }
    : { ok: true, messages: [value as PublishMessageBody], bulk: false };
}
