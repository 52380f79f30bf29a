import { expect, test } from "bun:test";
import { loadServiceConfig, ServiceConfigError } from "../../service/config/load-service-config.ts";
import { DEFAULT_MAX_OUTSTANDING_MESSAGES, DEFAULT_PORT } from "../../service/service-defaults.ts";

test("an empty environment gives the defaults", () => {
  const config = loadServiceConfig({});
  expect(config.port).toBe(DEFAULT_PORT);
  expect(config.autoCreate).toBe(false);
  expect(config.maxOutstandingMessages).toBe(DEFAULT_MAX_OUTSTANDING_MESSAGES);
});

test("variables are read, trimmed, and empty ones count as unset", () => {
  const config = loadServiceConfig({
    PORT: " 9000 ",
    PUBSUB_AUTO_CREATE: "true",
    PUBSUB_MAX_OUTSTANDING_MESSAGES: "10",
    PUBSUB_ACK_DEADLINE_SECONDS: "",
  });
  expect(config).toMatchObject({
    port: 9000,
    autoCreate: true,
    maxOutstandingMessages: 10,
    ackDeadlineSeconds: 10,
  });
});

test("bad values fail with one message naming every variable and value", () => {
  const load = () =>
    loadServiceConfig({ PORT: "70000", PUBSUB_AUTO_CREATE: "yes", PUBSUB_MAX_OUTSTANDING_MESSAGES: "0" });
  expect(load).toThrow(ServiceConfigError);
  try {
    load();
  } catch (error) {
    const message = (error as Error).message;
    for (const part of ['PORT="70000"', 'PUBSUB_AUTO_CREATE="yes"', 'PUBSUB_MAX_OUTSTANDING_MESSAGES="0"'])
      expect(message).toContain(part);
    expect(message).toContain("→ at PUBSUB_AUTO_CREATE");
    expect(message).not.toContain("    at ");
  }
});
