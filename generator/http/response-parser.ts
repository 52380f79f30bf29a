/** A response head or chunk-size line longer than this is a protocol error (bounded buffering). */
export const MAX_HEAD_BYTES = 64 * 1024;
const MAX_LINE_BYTES = 4096;
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*(?:\r|$)/i;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i;
const CLOSE = /\r\nconnection:[ \t]*close/i;

type State = "head" | "length" | "chunk-size" | "chunk-data" | "trailer" | "until-close";
export interface Response {
  status: number;
  /** The server keeps the connection open for the next request. */
  keepAlive: boolean;
}

/**
 * An HTTP/1.1 response reader that keeps no body: it finds the status line, then skips a Content-Length body, a
 * chunked body (and its trailers) or a body that runs to the close. Only a partial head or line is buffered.
 */
export class ResponseParser {
  private state: State = "head";
  private pending: Buffer | null = null;
  private remaining = 0;
  private status = 0;
  private keepAlive = true;
  /** The request in flight was a HEAD (its response has no body). */
  headRequest = false;

  /** True while a response has begun arriving and has not ended. */
  get midResponse(): boolean {
    return this.state !== "head" || this.pending !== null;
  }

  /** Reads a chunk; calls onResponse per complete response. Returns a protocol error's message, or null. */
  feed(chunk: Buffer, onResponse: (response: Response) => void): string | null {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === "length" || this.state === "chunk-data") {
        const taken = Math.min(this.remaining, chunk.length - at);
        at += taken;
        this.remaining -= taken;
        if (this.remaining > 0) return null;
        if (this.state === "length") this.complete(onResponse);
        else this.state = "chunk-size";
        continue;
      }
      if (this.state === "until-close") return null;
      const delimiter = this.state === "head" ? "\r\n\r\n" : "\r\n";
      const limit = this.state === "head" ? MAX_HEAD_BYTES : MAX_LINE_BYTES;
      let source = chunk;
      let from = at;
      if (this.pending !== null) {
        source = Buffer.concat([this.pending, chunk.subarray(at)]);
        from = 0;
      }
      const end = source.indexOf(delimiter, from, "latin1");
      if (end < 0) {
        if (source.length - from > limit) return `a response ${this.state} longer than ${limit} bytes`;
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

  /** The connection closed: a body that runs to the close ends here; any other partial response is an error. */
  close(onResponse: (response: Response) => void): boolean {
    if (this.state !== "until-close") return false;
    this.complete(onResponse);
    return true;
  }

  private onHead(text: string, onResponse: (response: Response) => void): string | null {
    if (!text.startsWith("HTTP/1.")) return `not an HTTP/1.x response: ${JSON.stringify(text.slice(0, 40))}`;
    const status = Number(text.slice(9, 12));
    if (!Number.isInteger(status) || status < 100)
      return `a bad status line: ${JSON.stringify(text.split("\r\n")[0])}`;
    // 1xx is interim (e.g. 100 Continue): the real head follows.
    if (status < 200) return null;
    this.status = status;
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
        else this.state = "length";
      }
    }
    return null;
  }

  private onLine(text: string, onResponse: (response: Response) => void): string | null {
    if (this.state === "trailer") {
      if (text === "") this.complete(onResponse);
      return null;
    }
    const size = Number.parseInt(text, 16);
    if (!Number.isFinite(size) || size < 0)
      return `a bad chunk size line: ${JSON.stringify(text.slice(0, 40))}`;
    if (size === 0) this.state = "trailer";
    else {
      this.state = "chunk-data";
      this.remaining = size + 2;
    }
    return null;
  }

  private complete(onResponse: (response: Response) => void): void {
    this.state = "head";
    onResponse({ status: this.status, keepAlive: this.keepAlive });
  }
}
