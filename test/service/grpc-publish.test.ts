import { afterAll, beforeAll, expect, test } from "bun:test";
import { credentials, loadPackageDefinition, type ServiceError, status } from "@grpc/grpc-js";
import { loadPublisherDefinition } from "../../service/grpc/publisher-definition.ts";
import type { RunningService } from "../../service/start-service.ts";
import { request, startTestService } from "./helpers/test-service.ts";

type Reply = { messageIds: string[] };
type PublishMessage = {
  data?: Buffer;
  attributes?: Array<{ key: string; value: string }>;
  orderingKey?: string;
};
type Client = {
  PublishBatch(
    request: { topic: string; messages: PublishMessage[] },
    callback: (error: ServiceError | null, reply: Reply) => void,
  ): void;
  close(): void;
};
// biome-ignore lint/suspicious/noExplicitAny: grpc-js builds the client class at run time from the proto
const ClientClass = (loadPackageDefinition(loadPublisherDefinition()) as any).bun_capacity.pubsub.v1
  .Publisher;

let service: RunningService;
let client: Client;
beforeAll(async () => {
  service = startTestService({ PUBSUB_PROTOCOL: "grpc", PUBSUB_GRPC_PORT: "0" });
  const { port } = await service.publish;
  client = new ClientClass(`127.0.0.1:${port}`, credentials.createInsecure());
  await request(service, "PUT", "/admin/topics/t");
});
afterAll(async () => {
  client.close();
  await service.stop();
});

const publish = (topic: string, messages: PublishMessage[]) =>
  new Promise<{ reply: Reply | null; error: ServiceError | null }>((resolve) =>
    client.PublishBatch({ topic, messages }, (error, reply) =>
      resolve({ reply: error ? null : reply, error }),
    ),
  );
const published = async () => (await request(service, "GET", "/admin/stats")).json.engine.published as number;

test("/healthz advertises the gRPC listener", async () => {
  const { port } = await service.publish;
  expect((await request(service, "GET", "/healthz")).json.publish).toEqual({ protocol: "grpc", port });
});

test("PublishBatch commits every message through the engine, as the HTTP bulk publish", async () => {
  const before = await published();
  const { reply, error } = await publish("t", [
    { data: Buffer.from("a") },
    { data: Buffer.from("b"), attributes: [{ key: "k", value: "v" }], orderingKey: "o" },
    { attributes: [{ key: "only", value: "attributes" }] },
  ]);
  expect(error).toBeNull();
  expect(reply?.messageIds).toHaveLength(3);
  expect((await published()) - before).toBe(3);
});

test("engine errors map to gRPC status codes with the engine's message", async () => {
  const missing = await publish("no-such-topic", [{ data: Buffer.from("x") }]);
  expect(missing.error?.code).toBe(status.NOT_FOUND);
  expect(missing.error?.details).toContain("no-such-topic");
});

test("bad requests are INVALID_ARGUMENT naming what is wrong, and nothing is committed", async () => {
  const before = await published();
  const empty = await publish("t", []);
  expect(empty.error?.code).toBe(status.INVALID_ARGUMENT);
  expect(empty.error?.details).toContain("messages has 0 entries");
  const noData = await publish("t", [{ data: Buffer.from("x") }, {}]);
  expect(noData.error?.code).toBe(status.INVALID_ARGUMENT);
  expect(noData.error?.details).toContain("messages[1] has neither data nor attributes");
  expect((await publish("", [{ data: Buffer.from("x") }])).error?.code).toBe(status.INVALID_ARGUMENT);
  expect(await published()).toBe(before);
});

test("with auto-create, publishing to a new topic creates it (the HTTP path's rule)", async () => {
  const auto = startTestService({
    PUBSUB_PROTOCOL: "grpc",
    PUBSUB_GRPC_PORT: "0",
    PUBSUB_AUTO_CREATE: "true",
  });
  const other: Client = new ClientClass(
    `127.0.0.1:${(await auto.publish).port}`,
    credentials.createInsecure(),
  );
  try {
    const reply = await new Promise<Reply>((resolve, reject) =>
      other.PublishBatch({ topic: "fresh", messages: [{ data: Buffer.from("x") }] }, (error, r) =>
        error ? reject(error) : resolve(r),
      ),
    );
    expect(reply.messageIds).toHaveLength(1);
    expect((await request(auto, "GET", "/admin/topics")).json.topics).toContain("fresh");
  } finally {
    other.close();
    await auto.stop();
  }
});

test("a gRPC port already in use fails the service's publish promise, naming the address", async () => {
  const { port } = await service.publish;
  const clash = startTestService({ PUBSUB_PROTOCOL: "grpc", PUBSUB_GRPC_PORT: String(port) });
  try {
    await expect(clash.publish).rejects.toThrow(`gRPC cannot listen on 127.0.0.1:${port}`);
    expect((await request(clash, "GET", "/healthz")).status).toBe(503);
  } finally {
    await clash.stop();
  }
});
