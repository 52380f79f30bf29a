import { PubSubError } from "./errors.ts";

/** What a publish on a paused ordering key fails with (the client library's wording and remedy). */
export const pausedKeyError = (key: string): PubSubError =>
  new PubSubError(
    "FAILED_PRECONDITION",
    `Publishing for ordering key "${key}" is paused after an earlier failure. Call topic.resumePublishing("${key}") to continue.`,
  );
