import { failedAnswer, type Http1Answer } from "./http1-answer.ts";
import {
  type ConnectionPool,
  clientConnectionHandlers,
  Http1ClientConnection,
  type Resolve,
} from "./http1-client-connection.ts";
import { type Http1Request, type Http1RequestShape, prepareHttp1Request } from "./http1-request-bytes.ts";

export type { Http1Request } from "./http1-request-bytes.ts";

export interface Http1ClientOptions {
  /** Connections open at most (requests in flight); a request beyond them fails at once with status 0. */
  maxConnections: number;
  /** A request not answered within this fails (status 0) and its connection is closed. */
  timeoutMs: number;
  /** Absent: 127.0.0.1 over plain TCP. `calibrate` only: the revision's host, over TLS. */
  target?: { host: string; tls: { insecure: boolean } | null };
  /** A response header whose distinct values headerValues() returns (calibrate's --instance-header). */
  watchHeader?: string | null;
}

/** Keep-alive HTTP/1.1 to 127.0.0.1:port for workload modules; requests settle, never reject. */
export interface Http1Client {
  prepare(shape: Http1RequestShape): Http1Request;
  /** Sends a prepared request; its body is read into the answer only when readBody is set. */
  request(request: Http1Request, readBody?: boolean): Promise<Http1Answer>;
  /** Opens up to `count` idle connections now (TLS: the handshakes stay out of the step's first requests). */
  warm(count: number): Promise<void>;
  /** The watched header's distinct values so far (at most 64); [] when none is watched. */
  headerValues(): string[];
  /** Closes every connection; requests in flight fail. */
  close(): void;
}

/** Distinct values of a watched header kept: more than one already says "several instances". */
const WATCHED_VALUES_KEPT = 64;

/** No connection to spare: maxConnections are open and busy. */
const NO_CONNECTION: Http1Answer = Object.freeze(failedAnswer("other", false, "no connection to spare"));

/**
 * A pool of keep-alive connections to 127.0.0.1:port, opened as needed up to maxConnections, most recently used
 * first (so the idle rest may lapse); a sweep closes a connection whose request outlived timeoutMs. A connection
 * the peer closed or half-closed, or that was answered before its request was all written, is never handed out.
 */
export function createHttp1Client(port: number, options: Http1ClientOptions): Http1Client {
  const target = options.target;
  const host = target?.host ?? "127.0.0.1";
  const tls = target?.tls ? { rejectUnauthorized: !target.tls.insecure, serverName: host } : undefined;
  const idle: Http1ClientConnection[] = [];
  const all = new Set<Http1ClientConnection>();
  const pool: ConnectionPool = {
    idle: (connection) => idle.push(connection),
    gone: (connection) => all.delete(connection),
    // The closed connection has left `all`: its place is free for the new one.
    retry: (request, keepBody, resolve, firstSentMs) =>
      connect().send(request, keepBody, resolve, firstSentMs, true),
  };
  const sweep = () => {
    const nowMs = performance.now();
    for (const connection of all)
      if (connection.busy && nowMs - connection.sentMs >= options.timeoutMs) connection.fail("timeout");
  };
  const sweeper = setInterval(sweep, Math.min(100, Math.max(5, options.timeoutMs / 4)));
  sweeper.unref();
  let opening: Promise<unknown> = Promise.resolve();
  // The one place a connection opens (plain TCP to loopback; TLS to a revision's host under calibrate).
  const seen = new Set<string>();
  const watch = options.watchHeader
    ? {
        // A header token may hold regex metacharacters (. * + ^ and more): escaped.
        pattern: new RegExp(
          `\r\n${options.watchHeader.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:([^\r]*)`,
          "i",
        ),
        onWatched: (value: string) => {
          if (seen.size < WATCHED_VALUES_KEPT) seen.add(value.slice(0, 256));
        },
      }
    : null;
  const connect = () => {
    const connection = new Http1ClientConnection(pool);
    connection.reader.watch = watch;
    all.add(connection);
    opening = Bun.connect({
      hostname: host,
      port,
      tls,
      data: connection,
      socket: clientConnectionHandlers,
    }).catch((error) => connection.onError(error, true));
    return connection;
  };
  return {
    prepare: (shape) => prepareHttp1Request(shape, port, host, Boolean(tls)),
    request(request, readBody = false) {
      let connection = idle.pop();
      while (connection?.closed) connection = idle.pop();
      if (connection === undefined) {
        if (all.size >= options.maxConnections) return Promise.resolve(NO_CONNECTION);
        connection = connect();
      }
      const chosen = connection;
      return new Promise<Http1Answer>((resolve: Resolve) =>
        chosen.send(request, readBody, resolve, performance.now(), false),
      );
    },
    async warm(count) {
      const opened: Promise<unknown>[] = [];
      for (let i = all.size; i < Math.min(count, options.maxConnections); i++) {
        idle.push(connect());
        opened.push(opening);
      }
      await Promise.all(opened);
    },
    headerValues: () => [...seen],
    close() {
      clearInterval(sweeper);
      for (const connection of [...all]) connection.fail("other", "the client closed");
    },
  };
}
