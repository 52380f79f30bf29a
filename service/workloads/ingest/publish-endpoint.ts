import { z } from "zod";
import type { ServiceClient } from "../bundled-service/service-client.ts";

export const PUBLISH_PROTOCOLS = ["http1", "h2", "grpc"] as const;
export type PublishProtocol = (typeof PUBLISH_PROTOCOLS)[number];
export interface PublishEndpoint {
  protocol: PublishProtocol;
  port: number;
}

const Health = z.object({
  publish: z.object({ protocol: z.enum(PUBLISH_PROTOCOLS), port: z.number().int().min(1).max(65535) }),
});

/**
 * The protocol and port to publish on: the flags' (http1 defaults to the step's port), else what GET /healthz
 * advertises (set by the service's PUBSUB_PROTOCOL), so a protocol A/B differs in the service's env only.
 */
export async function publishEndpoint(
  service: { baseUrl: string; port: number; client: ServiceClient },
  protocol: PublishProtocol | "auto",
  pinnedPort: number | undefined,
): Promise<PublishEndpoint> {
  // A remote revision (calibrate) is reached on its URL's port only: a port it advertises or one pinned is inside it.
  const remote = !service.client.target.loopback;
  if (remote && protocol === "grpc") throw grpcRemote();
  if (protocol === "http1") return { protocol, port: remote ? service.port : (pinnedPort ?? service.port) };
  if (protocol !== "auto" && pinnedPort !== undefined && !remote) return { protocol, port: pinnedPort };
  let advertised: PublishEndpoint | null = null;
  let why = "";
  try {
    const parsed = Health.safeParse(await service.client.must("GET", "/healthz", "health"));
    if (parsed.success) advertised = parsed.data.publish;
    else why = `: ${z.prettifyError(parsed.error)}`;
  } catch (error) {
    why = `: ${(error as Error).message}`;
  }
  const chosen = protocol === "auto" ? advertised?.protocol : protocol;
  if (remote && chosen === "grpc") throw grpcRemote();
  const port = remote
    ? service.port
    : (pinnedPort ?? (advertised !== null && advertised.protocol === chosen ? advertised.port : undefined));
  if (chosen === undefined || port === undefined)
    throw new Error(
      `GET ${service.baseUrl}/healthz advertises no publish endpoint for protocol ${protocol}${why}; set flags protocol (http1, h2, grpc) and publish-port`,
    );
  return { protocol: chosen, port };
}

const grpcRemote = () =>
  new Error(
    "protocol grpc: calibrate does not drive gRPC against a remote revision; calibrate with protocol http1 or h2",
  );
