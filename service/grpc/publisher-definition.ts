import { loadSync, type PackageDefinition } from "@grpc/proto-loader";

/** The proto file in contract/ (read, not imported: the generator's gRPC client loads the same file). */
export const PUBLISH_PROTO_FILE = new URL("../../contract/pubsub-publish.proto", import.meta.url).pathname;
/** The fully qualified service name: clients call `${PUBLISHER_SERVICE}/PublishBatch`. */
export const PUBLISHER_SERVICE = "bun_capacity.pubsub.v1.Publisher";

/** The parsed proto: camelCase fields, bytes as Buffer, absent fields as their defaults (empty). */
export function loadPublisherDefinition(): PackageDefinition {
  return loadSync(PUBLISH_PROTO_FILE, { keepCase: false, longs: String, enums: String, defaults: true });
}

/** PublishRequest and PubsubMessage as proto-loader decodes them. */
export interface GrpcPublishRequest {
  topic: string;
  messages: Array<{ data: Buffer; attributes: Array<{ key: string; value: string }>; orderingKey: string }>;
}
