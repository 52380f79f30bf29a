import { type Http1Answer, NO_ANSWER } from "./http1-answer.ts";
import { clientConnectionHandlers, Http1ClientConnection } from "./http1-client-connection.ts";
import { type Http1RequestShape, http1RequestBytes } from "./http1-request-bytes.ts";

/** A request built once (its bytes), to send many times. */
export interface Http1Request {
  readonly bytes: Uint8Array;
  readonly head: boolean;
}

export interface Http1ClientOptions {
  /** Connections open at most (requests in flight); a request beyond them fails at once with status 0. */
  maxConnections: number;
  /** A request not answered within this fails (status 0) and its connection is closed. */
  timeoutMs: number;
  /** Absent: 127.0.0.1 over plain TCP. `calibrate` only: the revision's host, over TLS. */
  target?: { host: string; tls: { insecure: boolean } | null };
}

/** Keep-alive HTTP/1.1 to 127.0.0.1:port for workload modules; requests settle, never reject. */
export interface Http1Client {
  prepare(shape: Http1RequestShape): Http1Request;
  /** Sends a prepared request; its body is read into the answer only when readBody is set. */
  request(request: Http1Request, readBody?: boolean): Promise<Http1Answer>;
  /** Opens up to `count` idle connections now (TLS: the handshakes stay out of the step's first requests). */
  warm(count: number): Promise<void>;
  /** Closes every connection; requests in flight fail. */
  close(): void;
}

/**
 * A pool of keep-alive connections to 127.0.0.1:port, opened as needed up to maxConnections, most recently used
 * first (so the idle rest may lapse); a sweep closes a connection whose request outlived timeoutMs.
 */
export function createHttp1Client(port: number, options: Http1ClientOptions): Http1Client {
  const target = options.target;
  const host = target?.host ?? "127.0.0.1";
  const idle: Http1ClientConnection[] = [];
  const all = new Set<Http1ClientConnection>();
  const onIdle = (connection: Http1ClientConnection) => idle.push(connection);
  const onGone = (connection: Http1ClientConnection) => all.delete(connection);
  const sweep = () => {
    const nowMs = performance.now();
    for (const connection of all)
      if (connection.busy && nowMs - connection.sentMs >= options.timeoutMs) connection.fail();
  };
  const sweeper = setInterval(sweep, Math.min(100, Math.max(5, options.timeoutMs / 4)));
  sweeper.unref();
  let opening: Promise<unknown> = Promise.resolve();
  const connect = () => {
    const connection = new Http1ClientConnection(onIdle, onGone);
    all.add(connection);
    const tls = target?.tls ? { rejectUnauthorized: !target.tls.insecure, serverName: host } : undefined;
    opening = Bun.connect({
      hostname: host,
      port,
      tls,
      data: connection,
      socket: clientConnectionHandlers,
    }).catch(() => connection.fail());
    return connection;
  };
  return {
    prepare: (shape) => ({
      bytes: http1RequestBytes(shape, port, host, Boolean(target?.tls)),
      head: shape.method.toUpperCase() === "HEAD",
    }),
    request(request, readBody = false) {
      let connection = idle.pop();
      while (connection?.closed) connection = idle.pop();
      if (connection === undefined) {
        if (all.size >= options.maxConnections) return Promise.resolve(NO_ANSWER);
        connection = connect();
      }
      return connection.request(request.bytes, request.head, readBody);
    },
    async warm(count) {
      const opened: Promise<unknown>[] = [];
      for (let i = all.size; i < Math.min(count, options.maxConnections); i++) {
        idle.push(connect());
        opened.push(opening);
      }
      await Promise.all(opened);
    },
    close() {
      clearInterval(sweeper);
      for (const connection of [...all]) connection.fail();
    },
  };
}
