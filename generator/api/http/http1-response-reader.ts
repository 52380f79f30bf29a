/** A response head or chunk-size line longer than these is a protocol error (bounded buffering). */
const MAX_HEAD_BYTES = 64 * 1024;
const MAX_LINE_BYTES = 4096;
/** A kept body longer than this is a protocol error: a workload reads small answers (e.g. a message id). */
export const MAX_KEPT_BODY_BYTES = 1024 * 1024;
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*(?:\r|$)/i;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i;
const CLOSE = /\r\nconnection:[ \t]*close/i;

type State = "head" | "length" | "chunk-size" | "chunk-data" | "chunk-end" | "trailer" | "until-close";
/** Called per complete response; body is null unless keepBody was set for it. */
export type OnResponse = (status: number, keepAlive: boolean, body: Buffer | null) => void;

/** Why a response could not be read: its cause (a step counts it) and a message naming the limit or the bytes. */
export interface ReadFailure {
  cause: "protocolError" | "headTooLarge" | "bodyTooLarge";
  message: string;
}
const failure = (cause: ReadFailure["cause"], message: string): ReadFailure => ({ cause, message });
const bodyTooLarge = () =>
  failure("bodyTooLarge", `a response body longer than ${MAX_KEPT_BODY_BYTES} bytes`);

/**
 * An HTTP/1.1 response reader that keeps the body only when asked (keepBody): Content-Length, chunked (trailers
 * skipped) or to the close. Only a partial head or line, and a kept body, are buffered.
 */
export class Http1ResponseReader {
  /** The request in flight was a HEAD (its response has no body). */
  headRequest = false;
  /** Keep the body of the response in flight. */
  keepBody = false;
  /** Set by the client: a response header to pass each value of to `onWatched` (calibrate's instance id). */
  watch: { pattern: RegExp; onWatched: (value: string) => void } | null = null;
  private state: State = "head";
  private pending: Buffer | null = null;
  private remaining = 0;
  private status = 0;
  private keepAlive = true;
  private kept: Buffer[] = [];
  private keptBytes = 0;

  /** Reads a chunk; calls onResponse per complete response. Returns why it is not HTTP/1.x, or null. */
  feed(chunk: Buffer, onResponse: OnResponse): ReadFailure | null {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === "length" || this.state === "chunk-data" || this.state === "until-close") {
        const taken =
          this.state === "until-close" ? chunk.length - at : Math.min(this.remaining, chunk.length - at);
        if (this.keepBody && taken > 0) {
          const error = this.keep(chunk, at, taken);
          if (error !== null) return error;
        }
        at += taken;
        if (this.state === "until-close") return null;
        this.remaining -= taken;
        if (this.remaining > 0) return null;
        if (this.state === "length") this.complete(onResponse);
        else this.state = "chunk-end";
        continue;
      }
      const delimiter = this.state === "head" ? "\r\n\r\n" : "\r\n";
      const limit = this.state === "head" ? MAX_HEAD_BYTES : MAX_LINE_BYTES;
      let source = chunk;
      let from = at;
      if (this.pending !== null) {
        source = Buffer.concat([this.pending, chunk.subarray(at)]);
        from = 0;
      }
      const end = source.indexOf(delimiter, from, "latin1");
      // Found or not, in one read or across several: a head or line past its limit is refused the same way.
      if ((end < 0 ? source.length : end) - from > limit) {
        const text = `a response ${this.state} longer than ${limit} bytes`;
        return failure(this.state === "head" ? "headTooLarge" : "protocolError", text);
      }
      if (end < 0) {
        this.pending = Buffer.from(source.subarray(from));
        return null;
      }
      const text = source.toString("latin1", from, end);
      // In `chunk`, the delimiter ends past what `pending` held (the two were searched as one).
      at = this.pending === null ? end + delimiter.length : at + end + delimiter.length - this.pending.length;
      this.pending = null;
      const error = this.state === "head" ? this.onHead(text, onResponse) : this.onLine(text, onResponse);
      if (error !== null) return error;
    }
    return null;
  }

  /** The connection closed: a body that runs to the close ends here; any other partial response is not one. */
  close(onResponse: OnResponse): boolean {
    if (this.state !== "until-close") return false;
    this.complete(onResponse);
    return true;
  }

  private onHead(text: string, onResponse: OnResponse): ReadFailure | null {
    if (!text.startsWith("HTTP/1."))
      return failure("protocolError", `not an HTTP/1.x response: ${JSON.stringify(text.slice(0, 40))}`);
    const status = Number(text.slice(9, 12));
    if (!Number.isInteger(status) || status < 100 || status > 999)
      return failure("protocolError", `a bad status line: ${JSON.stringify(text.split("\r\n")[0])}`);
    // 1xx is interim (e.g. 100 Continue): the real head follows.
    if (status < 200) return null;
    this.status = status;
    const watched = this.watch?.pattern.exec(text)?.[1];
    if (watched !== undefined) this.watch?.onWatched(watched.trim());
    this.keepAlive = !CLOSE.test(text) && !text.startsWith("HTTP/1.0");
    if (this.headRequest || status === 204 || status === 304) this.complete(onResponse);
    else if (CHUNKED.test(text)) this.state = "chunk-size";
    else {
      const length = CONTENT_LENGTH.exec(text);
      if (length === null) {
        this.state = "until-close";
        this.keepAlive = false;
      } else {
        this.remaining = Number(length[1]);
        if (this.remaining === 0) this.complete(onResponse);
        else {
          this.state = "length";
          if (this.keepBody && this.remaining > MAX_KEPT_BODY_BYTES) return bodyTooLarge();
          // The common case: one buffer for the whole body, copied into as it arrives.
          if (this.keepBody) this.kept.push(Buffer.allocUnsafe(this.remaining));
        }
      }
    }
    return null;
  }

  private onLine(text: string, onResponse: OnResponse): ReadFailure | null {
    if (this.state === "trailer") {
      if (text === "") this.complete(onResponse);
      return null;
    }
    if (this.state === "chunk-end") {
      if (text !== "") return failure("protocolError", "a chunk longer than its size line said");
      this.state = "chunk-size";
      return null;
    }
    const size = Number.parseInt(text, 16);
    if (!Number.isFinite(size) || size < 0)
      return failure("protocolError", `a bad chunk size line: ${JSON.stringify(text.slice(0, 40))}`);
    if (size === 0) this.state = "trailer";
    else {
      this.state = "chunk-data";
      this.remaining = size;
    }
    return null;
  }

  /** Keeps `taken` body bytes of chunk from `at` (a copy: the socket's buffer is not ours to keep). */
  private keep(chunk: Buffer, at: number, taken: number): ReadFailure | null {
    if (this.keptBytes + taken > MAX_KEPT_BODY_BYTES) return bodyTooLarge();
    if (this.state === "length") chunk.copy(this.kept[0] as Buffer, this.keptBytes, at, at + taken);
    else this.kept.push(Buffer.from(chunk.subarray(at, at + taken)));
    this.keptBytes += taken;
    return null;
  }

  private complete(onResponse: OnResponse): void {
    const kept = this.kept;
    const body = !this.keepBody ? null : kept.length === 1 ? (kept[0] as Buffer) : Buffer.concat(kept);
    this.state = "head";
    this.kept = kept.length === 0 ? kept : [];
    this.keptBytes = 0;
    onResponse(this.status, this.keepAlive, body);
  }
}
