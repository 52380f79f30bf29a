import type { Outcome } from "../../../generator/api/workload.ts";
import type { ServiceTarget } from "../bundled-service/service-client.ts";

/** Publishes request i's messages on one protocol: ok when the service accepted them (2xx, or gRPC OK). */
export interface Publisher {
  send(index: number): Promise<boolean | Outcome>;
  /** The distinct values of the target's watchHeader seen so far (HTTP/1.1 only; [] otherwise). */
  headerValues(): string[];
  close(): void;
}

/** What every protocol's publisher is opened with. */
export interface PublisherOptions {
  /** The service's host (loopback, or the revision's under calibrate), its TLS, and headers for every request. */
  target: ServiceTarget;
  port: number;
  topic: string;
  timeoutMs: number;
  /** Requests in flight at most (the step's concurrency). */
  maxInFlight: number;
  log(line: string): void;
}
