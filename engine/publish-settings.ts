import {
  BATCH_CAP_MAX_BYTES,
  BATCH_CAP_MAX_MESSAGES,
  BATCH_DEFAULT_MAX_BYTES,
  BATCH_DEFAULT_MAX_MESSAGES,
  BATCH_DEFAULT_MAX_MILLISECONDS,
} from "./defaults.ts";
import { invalidArgument } from "./errors.ts";
import type { PublisherFlowLimits } from "./flow-control.ts";

export interface BatchingOptions {
  maxMessages?: number;
  maxMilliseconds?: number;
  maxBytes?: number;
}

export interface PublishOptions {
  batching?: BatchingOptions;
  flowControlOptions?: { maxOutstandingMessages?: number; maxOutstandingBytes?: number };
  messageOrdering?: boolean;
}

export interface PublishSettings extends PublisherFlowLimits {
  maxMessages: number;
  maxMilliseconds: number;
  maxBytes: number;
  messageOrdering: boolean;
  flowControlled: boolean;
}

const positiveOr = (value: number | undefined, fallback: number, field: string, min = 0): number => {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < min)
    throw invalidArgument(`${field} must be a number >= ${min} (got ${String(value)}).`);
  return value;
};

/** Applies client defaults and clamps (1,000 messages / 9 MiB per batch, as @google-cloud/pubsub does). */
export function resolvePublishSettings(options: PublishOptions = {}): PublishSettings {
  const b = options.batching ?? {};
  const fc = options.flowControlOptions ?? {};
  const maxOutstandingMessages = positiveOr(
    fc.maxOutstandingMessages,
    Number.POSITIVE_INFINITY,
    "maxOutstandingMessages",
    1,
  );
  const maxOutstandingBytes = positiveOr(
    fc.maxOutstandingBytes,
    Number.POSITIVE_INFINITY,
    "maxOutstandingBytes",
  );
  return {
    maxMessages: Math.max(
      1,
      Math.min(positiveOr(b.maxMessages, BATCH_DEFAULT_MAX_MESSAGES, "maxMessages"), BATCH_CAP_MAX_MESSAGES),
    ),
    maxMilliseconds: positiveOr(b.maxMilliseconds, BATCH_DEFAULT_MAX_MILLISECONDS, "maxMilliseconds"),
    maxBytes: Math.max(
      1,
      Math.min(positiveOr(b.maxBytes, BATCH_DEFAULT_MAX_BYTES, "maxBytes"), BATCH_CAP_MAX_BYTES),
    ),
    messageOrdering: options.messageOrdering === true,
    maxOutstandingMessages,
    maxOutstandingBytes,
    flowControlled: Number.isFinite(maxOutstandingMessages) || Number.isFinite(maxOutstandingBytes),
  };
}
