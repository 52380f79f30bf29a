import { MAX_MESSAGE_BYTES } from "../../engine/defaults.ts";
import type { PublishInput } from "../../engine/index.ts";
import type { PublishMessageBody } from "./publish-body.ts";

/** A message as any protocol carries it: JSON text (UTF-8) or gRPC bytes. */
export type IncomingMessage = Omit<PublishMessageBody, "data"> & { data?: string | Uint8Array };

/** Incoming message → engine input, or a message naming what is wrong with messages[index]. */
export function toPublishInput(body: IncomingMessage, index: number): PublishInput | string {
  const data = body.data === undefined ? undefined : toBuffer(body.data);
  let size = data?.length ?? 0;
  let attributeCount = 0;
  for (const [key, value] of Object.entries(body.attributes ?? {})) {
    size += key.length + value.length;
    attributeCount++;
  }
  if (size === 0 && attributeCount === 0)
    return `messages[${index}] has neither data nor attributes; a message needs at least one.`;
  size += body.orderingKey?.length ?? 0;
  if (size > MAX_MESSAGE_BYTES)
    return `messages[${index}] is ${size} bytes; the limit is ${MAX_MESSAGE_BYTES}. Publish a reference instead.`;
  return { data, attributes: body.attributes, orderingKey: body.orderingKey };
}

const toBuffer = (data: string | Uint8Array) =>
  typeof data === "string"
    ? Buffer.from(data, "utf8")
    : Buffer.from(data.buffer, data.byteOffset, data.length);
