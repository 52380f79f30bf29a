import type { Socket, SocketHandler } from "bun";
import type { ErrorCause } from "../../../contract/step-causes.ts";
import { failedAnswer, type Http1Answer } from "./http1-answer.ts";
import { type Http1Request, isExpected } from "./http1-request-bytes.ts";
import { Http1ResponseReader } from "./http1-response-reader.ts";
import { wireBytes } from "./wire-bytes.ts";

export type Resolve = (answer: Http1Answer) => void;

/** What a connection tells its pool. */
export interface ConnectionPool {
  /** Ready for the next request. */
  idle(connection: Http1ClientConnection): void;
  /** Closed: never handed out again. */
  gone(connection: Http1ClientConnection): void;
  /** Sends the request again on a new connection; the timeout still runs from firstSentMs. */
  retry(request: Http1Request, keepBody: boolean, resolve: Resolve, firstSentMs: number): void;
}

/**
 * One keep-alive HTTP/1.1 connection to 127.0.0.1, one request in flight at a time; its body kept if asked. A
 * request on a reused connection that closed before any byte of its answer is retried once (idempotent methods):
 * the server closed an idle connection as the request crossed it (RFC 9112 §9.3.1).
 */
export class Http1ClientConnection {
  socket: Socket<Http1ClientConnection> | null = null;
  readonly reader = new Http1ResponseReader();
  /** When the request in flight was first sent (performance.now(), kept across its retry); 0 when idle. */
  sentMs = 0;
  closed = false;
  /** Responses read on it: past 0, a close before any response byte may be the server's idle close. */
  private answered = 0;
  private request: Http1Request | null = null;
  private keepBody = false;
  private resolve: Resolve | null = null;
  private retried = false;
  /** A byte of the answer in flight arrived. */
  private answering = false;
  private unwritten: Uint8Array | null = null;
  private doneAtMs = 0;
  /** What the socket reported before it closed. */
  private socketCause: ErrorCause | null = null;

  constructor(private readonly pool: ConnectionPool) {
    wireBytes.connections++;
  }

  get busy(): boolean {
    return this.resolve !== null;
  }

  /** Sends one request (its bytes ready-made); resolve gets its answer, once. */
  send(request: Http1Request, keepBody: boolean, resolve: Resolve, sentMs: number, retried: boolean): void {
    this.request = request;
    this.keepBody = keepBody;
    this.reader.headRequest = request.head;
    this.reader.keepBody = keepBody;
    this.sentMs = sentMs;
    this.resolve = resolve;
    this.retried = retried;
    this.answering = false;
    if (this.socket === null) this.unwritten = request.bytes;
    else this.write(request.bytes);
  }

  onOpen(socket: Socket<Http1ClientConnection>): void {
    this.socket = socket;
    const bytes = this.unwritten;
    this.unwritten = null;
    if (bytes !== null) this.write(bytes);
  }

  onDrain(): void {
    const bytes = this.unwritten;
    this.unwritten = null;
    if (bytes !== null && this.socket !== null) this.write(bytes);
  }

  onData(chunk: Buffer): void {
    this.doneAtMs = performance.now();
    wireBytes.received += chunk.length;
    this.answering = true;
    const failure = this.reader.feed(chunk, this.onResponse);
    if (failure !== null) this.fail(failure.cause, failure.message);
  }

  /** The socket errored (ECONNREFUSED when connecting; a reset otherwise); its close follows or is ours. */
  onError(error: Error | undefined, connecting: boolean): void {
    const code = (error as { code?: string } | undefined)?.code;
    this.socketCause = connecting || code === "ECONNREFUSED" ? "refused" : "reset";
    this.onClose();
  }

  /** The peer closed or half-closed: a body that runs to the close ends here; else the request in flight fails. */
  onClose(): void {
    this.doneAtMs = performance.now();
    if (this.resolve !== null && this.reader.close(this.onResponse)) return;
    // Some of the answer came, then the connection ended: a reset, whatever the socket said.
    this.fail(this.answering ? "reset" : (this.socketCause ?? "closedBeforeResponse"));
  }

  /** Closes the connection; a request in flight is retried (see the class) or fails with this cause. */
  fail(cause: ErrorCause, error?: string): void {
    // Taken first: terminate() calls the close handler at once, which must find nothing in flight.
    const resolve = this.resolve;
    this.resolve = null;
    this.retire();
    if (resolve === null) return;
    const request = this.request as Http1Request;
    const closedEarly = cause === "reset" || cause === "closedBeforeResponse";
    if (closedEarly && !this.answering && this.answered > 0 && !this.retried) {
      if (request.idempotent) this.pool.retry(request, this.keepBody, resolve, this.sentMs);
      else resolve(failedAnswer("closedBeforeResponse", false));
      return;
    }
    resolve(failedAnswer(cause, this.retried, error));
  }

  /** Closed for good, quietly: gone from the pool. */
  private retire(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket?.terminate();
    this.pool.gone(this);
  }

  private write(bytes: Uint8Array): void {
    const written = (this.socket as Socket<Http1ClientConnection>).write(bytes);
    wireBytes.sent += Math.max(0, written);
    this.unwritten = written < bytes.length ? bytes.subarray(Math.max(0, written)) : null;
  }

  private readonly onResponse = (status: number, keepAlive: boolean, body: Buffer | null): void => {
    const resolve = this.resolve;
    // A response nobody asked for: the connection is out of step, so it goes.
    if (resolve === null) {
      this.retire();
      return;
    }
    this.resolve = null;
    this.sentMs = 0;
    this.answered++;
    // Answered before the request was all written (an early 413): the rest would be read as the next request.
    const early = this.unwritten !== null;
    this.unwritten = null;
    const ok = isExpected(this.request as Http1Request, status);
    resolve({ ok, status, body, doneAtMs: this.doneAtMs, cause: null, retried: this.retried });
    if (keepAlive && !early && !this.closed) this.pool.idle(this);
    else this.retire();
  };
}

/** Shared by every connection (Bun keeps one handler table): each socket's data is its connection. */
export const clientConnectionHandlers: SocketHandler<Http1ClientConnection> = {
  open: (socket) => socket.data.onOpen(socket),
  data: (socket, chunk) => socket.data.onData(chunk),
  drain: (socket) => socket.data.onDrain(),
  close: (socket, error) => (error === undefined ? socket.data.onClose() : socket.data.onError(error, false)),
  error: (socket, error) => socket.data.onError(error, false),
  connectError: (socket, error) => socket.data.onError(error, true),
  end: (socket) => socket.data.onClose(),
};
