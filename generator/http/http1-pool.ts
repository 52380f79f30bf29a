import type { Outcome } from "../api/workload.ts";
import { connectionHandlers, Http1Connection } from "./http1-connection.ts";

const NO_CONNECTION: Outcome = { ok: false };

/**
 * Keep-alive HTTP/1.1 connections to 127.0.0.1:port, opened as needed up to maxConnections, most recently used
 * first (so the idle rest may lapse). A request slower than timeoutMs fails and its connection is closed.
 */
export class Http1Pool {
  private readonly idle: Http1Connection[] = [];
  private readonly all = new Set<Http1Connection>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(
    private readonly port: number,
    private readonly maxConnections: number,
    private readonly timeoutMs: number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(100, Math.max(5, timeoutMs / 4)));
    this.sweeper.unref();
  }

  request(bytes: Uint8Array, head: boolean): Promise<Outcome> {
    let connection = this.idle.pop();
    while (connection?.closed) connection = this.idle.pop();
    if (connection === undefined) {
      if (this.all.size >= this.maxConnections) return Promise.resolve(NO_CONNECTION);
      connection = this.connect();
    }
    return connection.request(bytes, head);
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const connection of [...this.all]) connection.fail();
  }

  private connect(): Http1Connection {
    const connection = new Http1Connection(
      (done) => this.idle.push(done),
      (gone) => this.all.delete(gone),
    );
    this.all.add(connection);
    Bun.connect({
      hostname: "127.0.0.1",
      port: this.port,
      data: connection,
      socket: connectionHandlers,
    }).catch(() => connection.fail());
    return connection;
  }

  private sweep(): void {
    const nowMs = performance.now();
    for (const connection of this.all) {
      if (connection.busy && nowMs - connection.sentMs >= this.timeoutMs) connection.fail();
    }
  }
}
