import { accessSync, constants } from "node:fs";
import { z } from "zod";
import {
  DEFAULT_ACK_DEADLINE_SECONDS,
  DEFAULT_GRPC_PORT,
  DEFAULT_H2_PORT,
  DEFAULT_HOST,
  DEFAULT_MAX_BACKLOG_BYTES,
  DEFAULT_MAX_BACKLOG_MESSAGES,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_OUTSTANDING_BYTES,
  DEFAULT_MAX_OUTSTANDING_MESSAGES,
  DEFAULT_PORT,
  DEFAULT_SHUTDOWN_GRACE_MS,
  PUBLISH_PROTOCOLS,
  TEST_TLS_CERT_FILE,
  TEST_TLS_KEY_FILE,
} from "../service-defaults.ts";

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const flag = z
  .enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' })
  .default("false")
  .transform((value) => value === "true" || value === "1");

const readable = (path: string) => {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
};
const pemFile = z.string().refine(readable, { error: "no such file, or not readable by the service's user" });

/** The service's environment: one field per variable, named as in the environment. */
export const serviceEnvSchema = z.object({
  PORT: int(0, 65535, DEFAULT_PORT),
  HOST: z.string().min(1).default(DEFAULT_HOST),
  PUBSUB_AUTO_CREATE: flag,
  PUBSUB_MAX_OUTSTANDING_MESSAGES: int(1, 1_000_000, DEFAULT_MAX_OUTSTANDING_MESSAGES),
  PUBSUB_MAX_OUTSTANDING_BYTES: int(1, 2 ** 40, DEFAULT_MAX_OUTSTANDING_BYTES),
  PUBSUB_ACK_DEADLINE_SECONDS: int(10, 600, DEFAULT_ACK_DEADLINE_SECONDS),
  PUBSUB_MAX_BACKLOG_MESSAGES: int(1, 2 ** 40, DEFAULT_MAX_BACKLOG_MESSAGES),
  PUBSUB_MAX_BACKLOG_BYTES: int(1, 2 ** 50, DEFAULT_MAX_BACKLOG_BYTES),
  PUBSUB_MAX_BODY_BYTES: int(1024, 2 ** 31, DEFAULT_MAX_BODY_BYTES),
  PUBSUB_SHUTDOWN_GRACE_MS: int(0, 600_000, DEFAULT_SHUTDOWN_GRACE_MS),
  PUBSUB_TEST_DROP_EVERY_N_DELIVERIES: int(0, 2 ** 31, 0),
  PUBSUB_PROTOCOL: z.enum(PUBLISH_PROTOCOLS).default("http1"),
  PUBSUB_H2_PORT: int(0, 65535, DEFAULT_H2_PORT),
  PUBSUB_GRPC_PORT: int(0, 65535, DEFAULT_GRPC_PORT),
  PUBSUB_TLS_CERT_FILE: pemFile.default(TEST_TLS_CERT_FILE),
  PUBSUB_TLS_KEY_FILE: pemFile.default(TEST_TLS_KEY_FILE),
});

export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** What the service runs with, in its own words (units in names). */
export interface ServiceConfig {
  port: number;
  host: string;
  /** Publishing to an unknown topic creates it; subscribing with ?topic= creates the subscription. */
  autoCreate: boolean;
  maxOutstandingMessages: number;
  maxOutstandingBytes: number;
  ackDeadlineSeconds: number;
  maxBacklogMessages: number;
  maxBacklogBytes: number;
  maxBodyBytes: number;
  shutdownGraceMs: number;
  /** A test knob (0 = off): every Nth delivery to a socket is silently never sent, so a loss must be detected. */
  testDropEveryNDeliveries: number;
  /** What else serves publish besides HTTP/1.1 on `port`: h2 (TLS) on h2Port, or gRPC (cleartext) on grpcPort. */
  protocol: PublishProtocol;
  h2Port: number;
  grpcPort: number;
  /** PEM files of the h2 listener's certificate (default: the test-only one). */
  tlsCertFile: string;
  tlsKeyFile: string;
}

export type PublishProtocol = (typeof PUBLISH_PROTOCOLS)[number];
