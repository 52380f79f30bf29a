import { MAX_MESSAGE_BYTES } from "./defaults.ts";
import { invalidArgument, type PubSubError } from "./errors.ts";
import type { Attributes } from "./message.ts";

export interface PublishInput {
  data?: Buffer | Uint8Array;
  attributes?: Attributes;
  orderingKey?: string;
}

export const EMPTY_ATTRIBUTES: Attributes = Object.freeze({}) as Attributes;
const EMPTY_DATA = Buffer.alloc(0);

/** Result slots reused by validatePublish to avoid a per-message result object. */
export interface ValidatedPublish {
  data: Buffer;
  attributes: Attributes;
  size: number;
}

/**
 * Checks a message the way the client + service do and fills `out`; returns an error instead of throwing
 * so the caller can turn it into a rejected promise. Size = data + attribute keys/values + ordering key.
 */
export function validatePublish(message: PublishInput, out: ValidatedPublish): PubSubError | null {
  const raw = message.data;
  const attributes = message.attributes;
  let size = 0;
  let data: Buffer;
  if (raw === undefined || raw === null) data = EMPTY_DATA;
  else if (raw instanceof Buffer) data = raw;
  else if (raw instanceof Uint8Array) data = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  else
    return invalidArgument(
      "Data must be in the form of a Buffer or Uint8Array. Wrap strings with Buffer.from().",
    );
  size = data.length;
  let attributeCount = 0;
  if (attributes !== undefined && attributes !== null) {
    if (typeof attributes !== "object")
      return invalidArgument("attributes must be an object of string values.");
    for (const key in attributes) {
      const value = attributes[key];
      if (typeof value !== "string")
        return invalidArgument(
          `All attributes must be in the form of a string. Invalid value of type "${typeof value}" provided for "${key}"; convert it with String().`,
        );
      size += key.length + value.length;
      attributeCount++;
    }
  }
  if (size === 0 && attributeCount === 0)
    return invalidArgument("A message must contain non-empty data or at least one attribute.");
  const orderingKey = message.orderingKey;
  if (orderingKey !== undefined && orderingKey !== null) {
    if (typeof orderingKey !== "string") return invalidArgument("orderingKey must be a string.");
    size += orderingKey.length;
  }
  if (size > MAX_MESSAGE_BYTES)
    return invalidArgument(
      `Message is ${size} bytes; the limit is ${MAX_MESSAGE_BYTES}. Split the payload or store it elsewhere and publish a reference.`,
    );
  out.data = data;
  out.attributes = attributeCount === 0 ? EMPTY_ATTRIBUTES : (attributes as Attributes);
  out.size = size;
  return null;
}
