import type { PublishProtocol } from "../config/service-config.ts";

/** Where the benchmarked publish endpoint listens: GET /healthz advertises it, so a load script can follow it. */
export interface PublishEndpoint {
  protocol: PublishProtocol;
  port: number;
}

/** An extra listener (HTTP/2 or gRPC) beside the HTTP/1.1 server. */
export interface PublishListener {
  readonly endpoint: PublishEndpoint;
  /** Stops accepting; requests in flight get up to `graceMs`. */
  stop(graceMs: number): Promise<void>;
}
