export type PubSubErrorCode =
  | "ALREADY_EXISTS"
  | "NOT_FOUND"
  | "INVALID_ARGUMENT"
  | "RESOURCE_EXHAUSTED"
  | "FAILED_PRECONDITION";

/** Typed engine error; `code` mirrors the gRPC status names the real client surfaces. */
export class PubSubError extends Error {
  override readonly name = "PubSubError";
  readonly code: PubSubErrorCode;

  constructor(code: PubSubErrorCode, message: string, options?: { cause?: unknown }) {
    super(`${code}: ${message}`, options);
    this.code = code;
  }
}

export const notFound = (kind: string, name: string): PubSubError =>
  new PubSubError("NOT_FOUND", `${kind} "${name}" does not exist. Create it first (create${kind}).`);

export const alreadyExists = (kind: string, name: string): PubSubError =>
  new PubSubError(
    "ALREADY_EXISTS",
    `${kind} "${name}" already exists. Use pubsub.${kind.toLowerCase()}("${name}") to get a handle instead.`,
  );

export const invalidArgument = (message: string): PubSubError => new PubSubError("INVALID_ARGUMENT", message);

/** publishMessageSync while publisher flow control holds messages back: it cannot wait, so it fails. */
export const flowControlFullError = (): PubSubError =>
  new PubSubError(
    "RESOURCE_EXHAUSTED",
    "Publisher flow control is full; publishMessageSync cannot wait. Use publishMessage (it waits) instead.",
  );

/** What a publish on a paused ordering key fails with (the client library's wording and remedy). */
export const pausedKeyError = (key: string): PubSubError =>
  new PubSubError(
    "FAILED_PRECONDITION",
    `Publishing for ordering key "${key}" is paused after an earlier failure. Call topic.resumePublishing("${key}") to continue.`,
  );
