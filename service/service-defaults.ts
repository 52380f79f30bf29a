/** Every default of the bundled service in one place (env names are in config/service-config.ts). */
export const DEFAULT_PORT = 8080;
/** Cloud Run sends traffic to 0.0.0.0:$PORT; tests pass 127.0.0.1. */
export const DEFAULT_HOST = "0.0.0.0";
/** Unacked messages one WebSocket may hold before delivery to it pauses. */
export const DEFAULT_MAX_OUTSTANDING_MESSAGES = 1000;
export const DEFAULT_MAX_OUTSTANDING_BYTES = 10 * 1024 * 1024;
export const DEFAULT_ACK_DEADLINE_SECONDS = 10;
export const DEFAULT_MAX_BACKLOG_MESSAGES = 100_000;
export const DEFAULT_MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
/** Room for a bulk of 100 messages of 500 KB (the plan's large payload) plus JSON overhead. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
export const DEFAULT_SHUTDOWN_GRACE_MS = 5000;
/** Messages per WebSocket frame: many small messages share a frame, a big one goes alone. */
export const MAX_MESSAGES_PER_FRAME = 100;
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Seconds a client is asked to wait after 429/503 (Retry-After). */
export const RETRY_AFTER_SECONDS = 1;
/** WebSocket close codes of the service (4000-4999 are application codes). */
export const CLOSE_SUBSCRIPTION_GONE = 4404;
export const CLOSE_SHUTTING_DOWN = 1001;
/** The code a socket reports when it closed without a close frame (RFC 6455: never sent on the wire). */
export const CLOSE_ABNORMAL = 1006;
/** Protocols the publish endpoint can also speak (PUBSUB_PROTOCOL); HTTP/1.1 on PORT is always on. */
export const PUBLISH_PROTOCOLS = ["http1", "h2", "grpc"] as const;
/** HTTP/2 over TLS (clients negotiate h2 via ALPN) and gRPC over cleartext HTTP/2, as Cloud Run forwards it. */
export const DEFAULT_H2_PORT = 8443;
export const DEFAULT_GRPC_PORT = 50051;
/** A checked-in, test-only certificate for loopback benchmarks (service/h2/test-tls/README.md). */
export const TEST_TLS_CERT_FILE = new URL("./h2/test-tls/test-only-cert.pem", import.meta.url).pathname;
export const TEST_TLS_KEY_FILE = new URL("./h2/test-tls/test-only-key.pem", import.meta.url).pathname;
