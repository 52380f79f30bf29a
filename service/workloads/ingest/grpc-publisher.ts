import { credentials, loadPackageDefinition, type ServiceError } from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import type { PublishMessages } from "./publish-messages.ts";
import type { Publisher, PublisherOptions } from "./publisher.ts";

/** The service's proto, in contract/ (the generator image holds contract/ and generator/). */
const PROTO_FILE = new URL("../../../contract/pubsub-publish.proto", import.meta.url).pathname;

interface PublisherClient {
  PublishBatch(
    request: { topic: string; messages: Array<{ data: Buffer; orderingKey: string }> },
    options: { deadline: number },
    callback: (error: ServiceError | null) => void,
  ): void;
  waitForReady(deadline: number, callback: (error?: Error) => void): void;
  close(): void;
}
type PublisherClass = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options: Record<string, number>,
) => PublisherClient;

/** gRPC (cleartext HTTP/2) with @grpc/grpc-js: bun_capacity.pubsub.v1.Publisher/PublishBatch; OK is accepted. */
export async function grpcPublisher(
  options: PublisherOptions,
  messages: PublishMessages,
): Promise<Publisher> {
  const definition = loadSync(PROTO_FILE, { keepCase: false, longs: String, enums: String, defaults: true });
  // grpc-js builds the client class at run time from the proto.
  const Client = (
    loadPackageDefinition(definition) as unknown as {
      bun_capacity: { pubsub: { v1: { Publisher: PublisherClass } } };
    }
  ).bun_capacity.pubsub.v1.Publisher;
  const address = `127.0.0.1:${options.port}`;
  // No client-side size limit: the service's own limit decides, as over HTTP.
  const client = new Client(address, credentials.createInsecure(), { "grpc.max_send_message_length": -1 });
  await new Promise<void>((resolve, reject) =>
    client.waitForReady(Date.now() + options.timeoutMs, (error) =>
      error ? reject(new Error(`gRPC to ${address}: ${error.message}`)) : resolve(),
    ),
  ).catch((error) => {
    client.close();
    throw error;
  });
  return {
    // Never remote (calibrate refuses gRPC): no instance ids to collect.
    headerValues: () => [],
    send(index) {
      return new Promise<boolean>((resolve) =>
        client.PublishBatch(
          { topic: options.topic, messages: messages.grpcMessages(index) },
          { deadline: Date.now() + options.timeoutMs },
          (error) => resolve(error === null),
        ),
      );
    },
    close() {
      client.close();
    },
  };
}
