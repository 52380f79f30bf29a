import { type ClientHttp2Session, connect, constants } from "node:http2";
import type { PublishMessages } from "./publish-messages.ts";
import type { Publisher, PublisherOptions } from "./publisher.ts";

/**
 * HTTP/2 over TLS with node:http2: one session, a stream per request. On loopback the certificate is not verified
 * (the service has a test-only self-signed one); a revision's is, unless it is a loopback stand-in (--insecure).
 */
export async function h2Publisher(options: PublisherOptions, messages: PublishMessages): Promise<Publisher> {
  const { target } = options;
  const origin = `https://${target.host}:${options.port}`;
  const session = connect(origin, { rejectUnauthorized: target.tls !== null && !target.tls.insecure });
  session.on("error", (error) => options.log(`HTTP/2 session to ${origin}: ${error.message}`));
  await connected(session, origin, options.timeoutMs);
  const path = `/topics/${encodeURIComponent(options.topic)}/publish`;
  const watched = target.watchHeader?.toLowerCase() ?? null;
  const seen = new Set<string>();
  return {
    headerValues: () => [...seen],
    send(index) {
      return new Promise<boolean>((resolve) => {
        const stream = session.request({
          [constants.HTTP2_HEADER_METHOD]: "POST",
          [constants.HTTP2_HEADER_PATH]: path,
          ...target.headers,
          "content-type": "application/json",
        });
        let status = 0;
        const done = (ok: boolean) => {
          clearTimeout(timer);
          resolve(ok);
        };
        const timer = setTimeout(() => {
          stream.close(constants.NGHTTP2_CANCEL);
          done(false);
        }, options.timeoutMs);
        stream.on("response", (headers) => {
          status = Number(headers[constants.HTTP2_HEADER_STATUS]);
          const id = watched === null ? undefined : headers[watched];
          if (typeof id === "string" && seen.size < 64) seen.add(id);
        });
        stream.on("data", () => {});
        stream.on("end", () => done(status >= 200 && status < 300));
        stream.on("error", () => done(false));
        stream.end(messages.httpBody(index));
      });
    },
    close() {
      session.close();
    },
  };
}

/** Resolves when the session's TLS and HTTP/2 handshake is done; bounded by timeoutMs. */
function connected(session: ClientHttp2Session, origin: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      session.destroy();
      reject(new Error(`HTTP/2 to ${origin}: ${why}`));
    };
    const timer = setTimeout(() => fail(`no session within ${timeoutMs} ms`), timeoutMs);
    session.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
    session.once("error", (error) => fail(error.message));
  });
}
