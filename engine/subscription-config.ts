import {
  ACK_DEADLINE_DEFAULT_SECONDS,
  ACK_DEADLINE_MAX_SECONDS,
  ACK_DEADLINE_MIN_SECONDS,
  BACKLOG_DEFAULT_MAX_BYTES,
  BACKLOG_DEFAULT_MAX_MESSAGES,
  DEAD_LETTER_DEFAULT_MAX_ATTEMPTS,
  DEAD_LETTER_MAX_ATTEMPTS,
  DEAD_LETTER_MIN_ATTEMPTS,
  RETRY_DEFAULT_MAX_BACKOFF_SECONDS,
  RETRY_DEFAULT_MIN_BACKOFF_SECONDS,
} from "./defaults.ts";
import { invalidArgument } from "./errors.ts";
import { compileFilter, type MessageFilter } from "./filter.ts";
import type { Attributes } from "./message.ts";

export type BacklogFullPolicy = "block" | "reject";

export interface CreateSubscriptionOptions {
  ackDeadlineSeconds?: number;
  retryPolicy?: { minimumBackoffSeconds?: number; maximumBackoffSeconds?: number };
  deadLetterPolicy?: { deadLetterTopic: string; maxDeliveryAttempts?: number };
  enableMessageOrdering?: boolean;
  filter?: string | ((attributes: Attributes) => boolean);
  maxBacklogMessages?: number;
  maxBacklogBytes?: number;
  /** At the backlog bound: "block" makes publish promises wait (default), "reject" fails them RESOURCE_EXHAUSTED. */
  onBacklogFull?: BacklogFullPolicy;
}

export interface SubscriptionConfig {
  ackDeadlineMs: number;
  /** null = no retry policy: nacked messages are redelivered as soon as possible (as in Pub/Sub). */
  retry: { minBackoffMs: number; maxBackoffMs: number } | null;
  deadLetter: { topic: string; maxDeliveryAttempts: number } | null;
  ordered: boolean;
  filter: MessageFilter | null;
  maxBacklogMessages: number;
  maxBacklogBytes: number;
  onBacklogFull: BacklogFullPolicy;
}

const inRange = (
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
  field: string,
): number => {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !(value >= min && value <= max))
    throw invalidArgument(`${field} must be between ${min} and ${max} (got ${String(value)}).`);
  return value;
};

/** Validates createSubscription options against the service's limits and fills defaults. */
export function resolveSubscriptionConfig(options: CreateSubscriptionOptions = {}): SubscriptionConfig {
  const ackDeadlineSeconds = inRange(
    options.ackDeadlineSeconds,
    ACK_DEADLINE_DEFAULT_SECONDS,
    ACK_DEADLINE_MIN_SECONDS,
    ACK_DEADLINE_MAX_SECONDS,
    "ackDeadlineSeconds",
  );
  let retry: SubscriptionConfig["retry"] = null;
  if (options.retryPolicy !== undefined) {
    const min = inRange(
      options.retryPolicy.minimumBackoffSeconds,
      RETRY_DEFAULT_MIN_BACKOFF_SECONDS,
      0,
      600,
      "minimumBackoffSeconds",
    );
    const max = inRange(
      options.retryPolicy.maximumBackoffSeconds,
      RETRY_DEFAULT_MAX_BACKOFF_SECONDS,
      0,
      600,
      "maximumBackoffSeconds",
    );
    if (min > max)
      throw invalidArgument(`minimumBackoffSeconds (${min}) must not exceed maximumBackoffSeconds (${max}).`);
    retry = { minBackoffMs: min * 1000, maxBackoffMs: max * 1000 };
  }
  let deadLetter: SubscriptionConfig["deadLetter"] = null;
  if (options.deadLetterPolicy !== undefined) {
    const topic = options.deadLetterPolicy.deadLetterTopic;
    if (typeof topic !== "string" || topic === "")
      throw invalidArgument("deadLetterPolicy.deadLetterTopic is required.");
    const maxDeliveryAttempts = inRange(
      options.deadLetterPolicy.maxDeliveryAttempts,
      DEAD_LETTER_DEFAULT_MAX_ATTEMPTS,
      DEAD_LETTER_MIN_ATTEMPTS,
      DEAD_LETTER_MAX_ATTEMPTS,
      "maxDeliveryAttempts",
    );
    deadLetter = { topic, maxDeliveryAttempts };
  }
  const filter =
    options.filter === undefined || options.filter === ""
      ? null
      : typeof options.filter === "function"
        ? options.filter
        : compileFilter(options.filter);
  const onBacklogFull = options.onBacklogFull ?? "block";
  if (onBacklogFull !== "block" && onBacklogFull !== "reject")
    throw invalidArgument(`onBacklogFull must be "block" or "reject" (got ${String(onBacklogFull)}).`);
  return {
    ackDeadlineMs: ackDeadlineSeconds * 1000,
    retry,
    deadLetter,
    ordered: options.enableMessageOrdering === true,
    filter,
    maxBacklogMessages: inRange(
      options.maxBacklogMessages,
      BACKLOG_DEFAULT_MAX_MESSAGES,
      1,
      2 ** 40,
      "maxBacklogMessages",
    ),
    maxBacklogBytes: inRange(
      options.maxBacklogBytes,
      BACKLOG_DEFAULT_MAX_BYTES,
      1,
      2 ** 50,
      "maxBacklogBytes",
    ),
    onBacklogFull,
  };
}

/** Exponential backoff for the n-th failed delivery (1-based), clamped to [min, max]. */
export function backoffMs(retry: NonNullable<SubscriptionConfig["retry"]>, failedAttempt: number): number {
  const exp = retry.minBackoffMs * 2 ** Math.min(30, Math.max(0, failedAttempt - 1));
  return Math.min(retry.maxBackoffMs, Math.max(retry.minBackoffMs, exp));
}
