import { Server, ServerCredentials } from "@grpc/grpc-js";
import { ReflectionService } from "@grpc/reflection";
import type { PublishListener } from "../protocol/publish-listener.ts";
import type { ServiceContext } from "../service-context.ts";
import { handlePublishBatch } from "./handle-publish-batch.ts";
import { loadPublisherDefinition, PUBLISHER_SERVICE } from "./publisher-definition.ts";

/**
 * Publisher over gRPC with @grpc/grpc-js, on cleartext HTTP/2 (Cloud Run terminates TLS and forwards h2c), with
 * server reflection so clients need no proto file. Messages up to the service's body limit, as over HTTP.
 */
export async function startGrpcListener(ctx: ServiceContext): Promise<PublishListener> {
  const definition = loadPublisherDefinition();
  const service = definition[PUBLISHER_SERVICE];
  if (service === undefined || !("PublishBatch" in service))
    throw new Error(`${PUBLISHER_SERVICE} is missing from the proto file`);
  const server = new Server({
    "grpc.max_receive_message_length": ctx.config.maxBodyBytes,
    "grpc.max_send_message_length": ctx.config.maxBodyBytes,
  });
  server.addService(service as Parameters<Server["addService"]>[0], {
    PublishBatch: handlePublishBatch(ctx),
  });
  new ReflectionService(definition).addToServer(server);
  const address = `${ctx.config.host}:${ctx.config.grpcPort}`;
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, ServerCredentials.createInsecure(), (error, bound) =>
      error
        ? reject(
            new Error(
              `gRPC cannot listen on ${address}: ${error.message}. Set PUBSUB_GRPC_PORT to a free port`,
            ),
          )
        : resolve(bound),
    ),
  );
  return {
    endpoint: { protocol: "grpc", port },
    async stop(graceMs) {
      const drained = new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([drained, grace]);
      server.forceShutdown();
    },
  };
}
