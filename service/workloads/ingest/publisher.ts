import type { Outcome } from "../../../generator/api/workload.ts";

/** Publishes request i's messages on one protocol: ok when the service accepted them (2xx, or gRPC OK). */
export interface Publisher {
  send(index: number): Promise<boolean | Outcome>;
  close(): void;
}

/** What every protocol's publisher is opened with. */
export interface PublisherOptions {
  port: number;
  topic: string;
  timeoutMs: number;
  /** Requests in flight at most (the step's concurrency). */
  maxInFlight: number;
  log(line: string): void;
}
