import type { Socket, SocketHandler } from "bun";
import { type Http1Answer, NO_ANSWER } from "./http1-answer.ts";
import { Http1ResponseReader } from "./http1-response-reader.ts";

/** One keep-alive HTTP/1.1 connection to 127.0.0.1, one request in flight at a time; its body kept if asked. */
export class Http1ClientConnection {
  socket: Socket<Http1ClientConnection> | null = null;
  readonly reader = new Http1ResponseReader();
  /** When the request in flight was written (performance.now()); 0 when idle. */
  sentMs = 0;
  closed = false;
  private resolve: ((answer: Http1Answer) => void) | null = null;
  private unwritten: Uint8Array | null = null;
  private doneAtMs = 0;

  constructor(
    private readonly onIdle: (connection: Http1ClientConnection) => void,
    private readonly onGone: (connection: Http1ClientConnection) => void,
  ) {}

  get busy(): boolean {
    return this.resolve !== null;
  }

  /** Sends one request (its bytes ready-made); the promise settles with its answer, never rejects. */
  request(bytes: Uint8Array, head: boolean, keepBody: boolean): Promise<Http1Answer> {
    this.reader.headRequest = head;
    this.reader.keepBody = keepBody;
    this.sentMs = performance.now();
    const settled = new Promise<Http1Answer>((resolve) => {
      this.resolve = resolve;
    });
    if (this.socket === null) this.unwritten = bytes;
    else this.write(bytes);
    return settled;
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
    if (this.reader.feed(chunk, this.onResponse) !== null) this.fail();
  }

  /** Closes the connection; a request in flight fails (a network error or a timeout). */
  fail(): void {
    if (!this.closed) {
      this.closed = true;
      this.socket?.terminate();
      this.onGone(this);
    }
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.(NO_ANSWER);
  }

  onClose(): void {
    this.doneAtMs = performance.now();
    if (this.resolve !== null) this.reader.close(this.onResponse);
    this.fail();
  }

  private write(bytes: Uint8Array): void {
    const written = (this.socket as Socket<Http1ClientConnection>).write(bytes);
    this.unwritten = written < bytes.length ? bytes.subarray(Math.max(0, written)) : null;
  }

  private readonly onResponse = (status: number, keepAlive: boolean, body: Buffer | null): void => {
    const resolve = this.resolve;
    // A response nobody asked for: the connection is out of step, so it goes.
    if (resolve === null) {
      this.fail();
      return;
    }
    this.resolve = null;
    this.sentMs = 0;
    resolve({ ok: status >= 200 && status < 300, status, body, doneAtMs: this.doneAtMs });
    if (keepAlive && !this.closed) this.onIdle(this);
    else this.fail();
  };
}

/** Shared by every connection (Bun keeps one handler table): each socket's data is its connection. */
export const clientConnectionHandlers: SocketHandler<Http1ClientConnection> = {
  open: (socket) => socket.data.onOpen(socket),
  data: (socket, chunk) => socket.data.onData(chunk),
  drain: (socket) => socket.data.onDrain(),
  close: (socket) => socket.data.onClose(),
  error: (socket) => socket.data.fail(),
  connectError: (socket) => socket.data.fail(),
  end: (socket) => socket.data.onClose(),
};
