import { createHttp1Client, type Http1Request } from "../../../generator/api/http/http1-client.ts";
import type { PublishMessages } from "./publish-messages.ts";
import type { Publisher, PublisherOptions } from "./publisher.ts";

/** Request bytes kept per worker at most; past it a request's bytes are built when sent (a wide key/size cycle). */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
/** Room beyond the step's concurrency for connections whose request timed out while they close. */
const SPARE_CONNECTIONS = 16;

/**
 * HTTP/1.1 on the generator's keep-alive pool: each distinct body's request bytes are built once (bodies repeat
 * every messages.bodyPeriod requests); the answer's body is not read.
 */
export function http1Publisher(options: PublisherOptions, messages: PublishMessages): Publisher {
  const client = createHttp1Client(options.port, {
    maxConnections: options.maxInFlight + SPARE_CONNECTIONS,
    timeoutMs: options.timeoutMs,
    target: { host: options.target.host, tls: options.target.tls },
    watchHeader: options.target.watchHeader,
  });
  const path = `/topics/${encodeURIComponent(options.topic)}/publish`;
  const prepare = (index: number) =>
    client.prepare({
      method: "POST",
      path,
      headers: { ...options.target.headers, "content-type": "application/json" },
      body: messages.httpBody(index),
    });
  const cache: Array<Http1Request | undefined> = [];
  let cachedBytes = 0;
  const requestOf = (index: number): Http1Request => {
    const slot = index % messages.bodyPeriod;
    const cached = cache[slot];
    if (cached !== undefined) return cached;
    const request = prepare(slot);
    if (cachedBytes + request.bytes.length <= CACHE_BUDGET_BYTES) {
      cache[slot] = request;
      cachedBytes += request.bytes.length;
    }
    return request;
  };
  return {
    send: (index) => client.request(requestOf(index)),
    headerValues: () => client.headerValues(),
    close: () => client.close(),
  };
}
