import { expect, test } from "bun:test";
import { loadServiceConfig, ServiceConfigError } from "../../service/config/load-service-config.ts";
import {
  DEFAULT_GRPC_PORT,
  DEFAULT_H2_PORT,
  TEST_TLS_CERT_FILE,
  TEST_TLS_KEY_FILE,
} from "../../service/service-defaults.ts";

test("by default publish is HTTP/1.1 only; h2 and gRPC ports and the test-only certificate are preset", () => {
  expect(loadServiceConfig({})).toMatchObject({
    protocol: "http1",
    h2Port: DEFAULT_H2_PORT,
    grpcPort: DEFAULT_GRPC_PORT,
    tlsCertFile: TEST_TLS_CERT_FILE,
    tlsKeyFile: TEST_TLS_KEY_FILE,
  });
});

test("PUBSUB_PROTOCOL and the ports are read", () => {
  expect(loadServiceConfig({ PUBSUB_PROTOCOL: "grpc", PUBSUB_GRPC_PORT: "9090" })).toMatchObject({
    protocol: "grpc",
    grpcPort: 9090,
  });
});

test("an unknown protocol or a missing certificate file fails naming the variable and value", () => {
  const load = () =>
    loadServiceConfig({ PUBSUB_PROTOCOL: "http3", PUBSUB_TLS_CERT_FILE: "/nowhere/cert.pem" });
  expect(load).toThrow(ServiceConfigError);
  const message = (() => {
    try {
      load();
    } catch (error) {
      return (error as Error).message;
    }
  })();
  expect(message).toContain('PUBSUB_PROTOCOL="http3"');
  expect(message).toContain('PUBSUB_TLS_CERT_FILE="/nowhere/cert.pem"');
  expect(message).toContain("no such file");
});
