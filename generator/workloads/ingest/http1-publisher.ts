import type { PublishMessages } from "./publish-messages.ts";
import type { Publisher, PublisherOptions } from "./publisher.ts";

/** HTTP/1.1 with Bun's fetch: its pool keeps connections alive, one per request in flight. */
export function http1Publisher(options: PublisherOptions, messages: PublishMessages): Publisher {
  const url = `http://127.0.0.1:${options.port}/topics/${encodeURIComponent(options.topic)}/publish`;
  const headers = { "content-type": "application/json" };
  return {
    async send(index) {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: messages.httpBody(index),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      // Read to the end so the connection goes back to the pool.
      await response.arrayBuffer();
      return response.ok;
    },
    close() {},
  };
}
