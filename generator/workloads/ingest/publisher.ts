/** Publishes request i's messages on one protocol: true when the service accepted them (2xx, or gRPC OK). */
export interface Publisher {
  send(index: number): Promise<boolean>;
  close(): void;
}

/** What every protocol's publisher is opened with. */
export interface PublisherOptions {
  port: number;
  topic: string;
  timeoutMs: number;
  log(line: string): void;
}
