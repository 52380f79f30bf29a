import { type ServerUnaryCall, type ServiceError, type sendUnaryData, status } from "@grpc/grpc-js";
import type { PublishInput } from "../../engine/index.ts";
import { MAX_MESSAGES_PER_PUBLISH } from "../http/publish-body.ts";
import { publishToTopic } from "../http/publish-to-topic.ts";
import { toPublishInput } from "../http/to-publish-input.ts";
import type { ServiceContext } from "../service-context.ts";
import { grpcStatusOf } from "./grpc-status-of.ts";
import type { GrpcPublishRequest } from "./publisher-definition.ts";

type Reply = sendUnaryData<{ messageIds: string[] }>;
type Failure = { code: status; details: string };

/**
 * Publisher/PublishBatch: the gRPC twin of the HTTP bulk publish. Every message is checked before any is committed;
 * a failure mid-batch answers its status, with the count committed before it in the details.
 */
export function handlePublishBatch(ctx: ServiceContext) {
  return (call: ServerUnaryCall<GrpcPublishRequest, unknown>, reply: Reply): void => {
    const checked = ctx.shuttingDown
      ? { code: status.UNAVAILABLE, details: "Shutting down." }
      : checkRequest(call.request);
    if (!Array.isArray(checked)) {
      fail(reply, checked);
      return;
    }
    publishToTopic(ctx, call.request.topic, checked).then(
      ({ ids, error }) => {
        if (error === null) return reply(null, { messageIds: ids });
        const { code, details } = grpcStatusOf(error);
        const committed = ids.length > 0 ? ` (${ids.length} messages committed before it)` : "";
        fail(reply, { code, details: `${details}${committed}` });
      },
      (error: unknown) => fail(reply, grpcStatusOf(error)),
    );
  };
}

function fail(reply: Reply, { code, details }: Failure): void {
  reply({ code, details, name: "PublishError", message: details } as ServiceError);
}

/** The request's messages as engine inputs, or the first problem (INVALID_ARGUMENT) naming where it is. */
function checkRequest({ topic, messages }: GrpcPublishRequest): PublishInput[] | Failure {
  const invalid = (details: string) => ({ code: status.INVALID_ARGUMENT, details });
  if (topic === "") return invalid("topic is empty; name the topic to publish to.");
  if (messages.length === 0 || messages.length > MAX_MESSAGES_PER_PUBLISH)
    return invalid(`messages has ${messages.length} entries; send 1 to ${MAX_MESSAGES_PER_PUBLISH}.`);
  const inputs: PublishInput[] = [];
  for (const [i, message] of messages.entries()) {
    const input = toPublishInput(
      {
        // proto3 has no "absent": empty means not set.
        data: message.data.length > 0 ? message.data : undefined,
        attributes:
          message.attributes.length > 0
            ? Object.fromEntries(message.attributes.map((a) => [a.key, a.value]))
            : undefined,
        orderingKey: message.orderingKey === "" ? undefined : message.orderingKey,
      },
      i,
    );
    if (typeof input === "string") return invalid(input);
    inputs.push(input);
  }
  return inputs;
}
