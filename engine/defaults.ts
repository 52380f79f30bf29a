/** Every engine default in one place; values follow @google-cloud/pubsub v5 and the Pub/Sub service. */
export const MAX_MESSAGE_BYTES = 10_000_000;

export const BATCH_DEFAULT_MAX_MESSAGES = 100;
export const BATCH_DEFAULT_MAX_MILLISECONDS = 10;
export const BATCH_DEFAULT_MAX_BYTES = 1024 * 1024;
export const BATCH_CAP_MAX_MESSAGES = 1000;
export const BATCH_CAP_MAX_BYTES = 9 * 1024 * 1024;

export const SUB_FLOW_DEFAULT_MAX_MESSAGES = 1000;
export const SUB_FLOW_DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
export const SUB_FLOW_DEFAULT_ALLOW_EXCESS = false;

export const ACK_DEADLINE_DEFAULT_SECONDS = 10;
export const ACK_DEADLINE_MIN_SECONDS = 10;
export const ACK_DEADLINE_MAX_SECONDS = 600;
export const MOD_ACK_MAX_SECONDS = 600;

export const RETRY_DEFAULT_MIN_BACKOFF_SECONDS = 10;
export const RETRY_DEFAULT_MAX_BACKOFF_SECONDS = 600;

export const DEAD_LETTER_DEFAULT_MAX_ATTEMPTS = 5;
export const DEAD_LETTER_MIN_ATTEMPTS = 5;
export const DEAD_LETTER_MAX_ATTEMPTS = 100;

/** Bounded memory: a subscription never holds more unacked messages/bytes than this unless configured. */
export const BACKLOG_DEFAULT_MAX_MESSAGES = 100_000;
export const BACKLOG_DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
