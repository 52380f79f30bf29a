import type { Socket, SocketHandler } from "bun";
import type { Outcome } from "../api/workload.ts";
import { type Response, ResponseParser } from "./response-parser.ts";

/** One keep-alive HTTP/1.1 connection to 127.0.0.1, one request in flight at a time. */
export class Http1Connection {
  socket: Socket<Http1Connection> | null = null;
  readonly parser = new ResponseParser();
  /** When the request in flight was written (performance.now()); 0 when idle. */
  sentMs = 0;
  closed = false;
  private resolve: ((outcome: Outcome) => void) | null = null;
  private unwritten: Uint8Array | null = null;
  private doneAtMs = 0;

  constructor(
    private readonly onIdle: (connection: Http1Connection) => void,
    private readonly onGone: (connection: Http1Connection) => void,
  ) {}

  get busy(): boolean {
    return this.resolve !== null;
  }

  /** Sends one request (its bytes ready-made); the promise settles with its outcome, never rejects. */
  request(bytes: Uint8Array, head: boolean): Promise<Outcome> {
    this.parser.headRequest = head;
    this.sentMs = performance.now();
    const settled = new Promise<Outcome>((resolve) => {
      this.resolve = resolve;
    });
    if (this.socket === null) this.unwritten = bytes;
    else this.write(bytes);
    return settled;
  }

  onOpen(socket: Socket<Http1Connection>): void {
    this.socket = socket;
    const bytes = this.unwritten;
    this.unwritten = null;
    if (bytes !== null) this.write(bytes);
  }

  write(bytes: Uint8Array): void {
    const written = (this.socket as Socket<Http1Connection>).write(bytes);
    this.unwritten = written < bytes.length ? bytes.subarray(Math.max(0, written)) : null;
  }

  onDrain(): void {
    const bytes = this.unwritten;
    this.unwritten = null;
    if (bytes !== null && this.socket !== null) this.write(bytes);
  }

  onData(chunk: Buffer): void {
    this.doneAtMs = performance.now();
    const error = this.parser.feed(chunk, this.onResponse);
    if (error !== null) this.fail();
  }

  private readonly onResponse = (response: Response): void => {
    const resolve = this.resolve;
    // A response nobody asked for: the connection is out of step, so it goes.
    if (resolve === null) {
      this.fail();
      return;
    }
    this.resolve = null;
    this.sentMs = 0;
    resolve({ ok: response.status >= 200 && response.status < 300, doneAtMs: this.doneAtMs });
    if (response.keepAlive && !this.closed) this.onIdle(this);
    else this.fail();
  };

  /** Closes the connection; a request in flight fails (a network error or a timeout). */
  fail(): void {
    if (!this.closed) {
      this.closed = true;
      this.socket?.terminate();
      this.onGone(this);
    }
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.({ ok: false });
  }

  onClose(): void {
    this.doneAtMs = performance.now();
    if (this.resolve !== null) this.parser.close(this.onResponse);
    this.fail();
  }
}

/** Shared by every connection (Bun keeps one handler table): each socket's data is its Http1Connection. */
export const connectionHandlers: SocketHandler<Http1Connection> = {
  open: (socket) => socket.data.onOpen(socket),
  data: (socket, chunk) => socket.data.onData(chunk),
  drain: (socket) => socket.data.onDrain(),
  close: (socket) => socket.data.onClose(),
  error: (socket) => socket.data.fail(),
  connectError: (socket) => socket.data.fail(),
  end: (socket) => socket.data.onClose(),
};
