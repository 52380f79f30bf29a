import { expect, test } from "bun:test";
import { MAX_HEAD_BYTES, type Response, ResponseParser } from "../../../generator/http/response-parser.ts";

/** Feeds `text` to a parser cut into pieces of `size` bytes; the responses it saw, or its error. */
function parse(text: string, size: number, parser = new ResponseParser()) {
  const seen: Response[] = [];
  const bytes = Buffer.from(text, "latin1");
  for (let at = 0; at < bytes.length; at += size) {
    const error = parser.feed(bytes.subarray(at, at + size), (response) => seen.push(response));
    if (error !== null) return { seen, error };
  }
  return { seen, error: null, parser };
}

const lengthBody = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: 11\r\n\r\nhello world";
const chunked =
  "HTTP/1.1 503 Service Unavailable\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n";

test.each([1, 2, 3, 7, 64, 4096])(
  "Content-Length and chunked bodies, back to back, in pieces of %i bytes",
  (size) => {
    const { seen, error } = parse(lengthBody + chunked + lengthBody, size);
    expect(error).toBeNull();
    expect(seen).toEqual([
      { status: 200, keepAlive: true },
      { status: 503, keepAlive: true },
      { status: 200, keepAlive: true },
    ]);
  },
);

test("no body: 204, 304 and a HEAD request's answer; 100 Continue is skipped", () => {
  expect(
    parse("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\n\r\n", 5).seen.map((r) => r.status),
  ).toEqual([204, 304]);
  const head = new ResponseParser();
  head.headRequest = true;
  expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n", 9, head).seen).toEqual([
    { status: 200, keepAlive: true },
  ]);
  expect(
    parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n", 4).seen,
  ).toEqual([{ status: 201, keepAlive: true }]);
});

test("Connection: close and a body that runs to the close end the connection's use", () => {
  expect(parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", 3).seen).toEqual([
    { status: 200, keepAlive: false },
  ]);
  const { seen, parser } = parse("HTTP/1.0 200 OK\r\n\r\nsome body", 4);
  expect(seen).toEqual([]);
  const closed: Response[] = [];
  expect(parser?.close((response) => closed.push(response))).toBe(true);
  expect(closed).toEqual([{ status: 200, keepAlive: false }]);
});

test("not HTTP, a bad chunk size and an unbounded head are errors (buffering stays bounded)", () => {
  expect(parse("SSH-2.0-OpenSSH\r\n\r\n", 100).error).toContain("not an HTTP/1.x response");
  expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 100).error).toContain(
    "chunk size",
  );
  const endless = `HTTP/1.1 200 OK\r\n${"X-Pad: 0123456789\r\n".repeat(MAX_HEAD_BYTES / 16)}`;
  expect(parse(endless, 1000).error).toContain("longer than");
});
