import { z } from "zod";
import { type ServiceConfig, serviceEnvSchema } from "./service-config.ts";

/** Environment → validated config; unknown variables are ignored, empty ones count as unset. */
export function loadServiceConfig(env: Record<string, string | undefined>): ServiceConfig {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(serviceEnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== "") relevant[key] = value.trim();
  }
  const parsed = serviceEnvSchema.safeParse(relevant);
  if (!parsed.success) {
    const values = parsed.error.issues
      .map((issue) => String(issue.path[0]))
      .map((key) => `${key}=${JSON.stringify(relevant[key])}`)
      .join(", ");
    throw new ServiceConfigError(
      `Invalid service environment (${values}):\n${z.prettifyError(parsed.error)}\nFix or unset the variable; the defaults are in service/service-defaults.ts.`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    autoCreate: e.PUBSUB_AUTO_CREATE,
    maxOutstandingMessages: e.PUBSUB_MAX_OUTSTANDING_MESSAGES,
    maxOutstandingBytes: e.PUBSUB_MAX_OUTSTANDING_BYTES,
    ackDeadlineSeconds: e.PUBSUB_ACK_DEADLINE_SECONDS,
    maxBacklogMessages: e.PUBSUB_MAX_BACKLOG_MESSAGES,
    maxBacklogBytes: e.PUBSUB_MAX_BACKLOG_BYTES,
    maxBodyBytes: e.PUBSUB_MAX_BODY_BYTES,
    shutdownGraceMs: e.PUBSUB_SHUTDOWN_GRACE_MS,
    testDropEveryNDeliveries: e.PUBSUB_TEST_DROP_EVERY_N_DELIVERIES,
    protocol: e.PUBSUB_PROTOCOL,
    h2Port: e.PUBSUB_H2_PORT,
    grpcPort: e.PUBSUB_GRPC_PORT,
    tlsCertFile: e.PUBSUB_TLS_CERT_FILE,
    tlsKeyFile: e.PUBSUB_TLS_KEY_FILE,
  };
}

/** Bad service configuration: the message names each variable, its value and what is allowed. */
export class ServiceConfigError extends Error {
  override readonly name = "ServiceConfigError";
}
