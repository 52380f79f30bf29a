import { expect, test } from "bun:test";
import {
  Http1ResponseReader,
  MAX_KEPT_BODY_BYTES,
} from "../../../../generator/api/http/http1-response-reader.ts";

interface Seen {
  status: number;
  keepAlive: boolean;
  body: string | null;
}

/** Feeds `text` cut into pieces of `size` bytes; the responses seen (bodies as text), or the reader's error. */
function read(text: string, size: number, keepBody: boolean, reader = new Http1ResponseReader()) {
  reader.keepBody = keepBody;
  const seen: Seen[] = [];
  const onResponse = (status: number, keepAlive: boolean, body: Buffer | null) =>
    seen.push({ status, keepAlive, body: body === null ? null : body.toString("latin1") });
  const bytes = Buffer.from(text, "latin1");
  for (let at = 0; at < bytes.length; at += size) {
    const failure = reader.feed(bytes.subarray(at, at + size), onResponse);
    if (failure !== null) return { seen, error: failure.message, cause: failure.cause, reader, onResponse };
  }
  return { seen, error: null, cause: null, reader, onResponse };
}

const lengthBody = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: 11\r\n\r\nhello world";
const chunked =
  "HTTP/1.1 503 Service Unavailable\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n";

test.each([1, 2, 3, 7, 64, 4096])("bodies kept whole, back to back, in pieces of %i bytes", (size) => {
  const { seen, error } = read(lengthBody + chunked + lengthBody, size, true);
  expect(error).toBeNull();
  expect(seen).toEqual([
    { status: 200, keepAlive: true, body: "hello world" },
    { status: 503, keepAlive: true, body: "hello world" },
    { status: 200, keepAlive: true, body: "hello world" },
  ]);
});

test.each([1, 5, 4096])("bodies not kept unless asked, in pieces of %i bytes", (size) => {
  const { seen, error } = read(lengthBody + chunked, size, false);
  expect(error).toBeNull();
  expect(seen.map((s) => [s.status, s.body])).toEqual([
    [200, null],
    [503, null],
  ]);
});

test("no body: 204, 304, a HEAD request's answer; 100 Continue skipped; a kept empty body is empty", () => {
  const { seen } = read("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\n\r\n", 5, true);
  expect(seen.map((s) => [s.status, s.body])).toEqual([
    [204, ""],
    [304, ""],
  ]);
  const head = new Http1ResponseReader();
  head.headRequest = true;
  expect(read("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n", 9, true, head).seen).toEqual([
    { status: 200, keepAlive: true, body: "" },
  ]);
  const interim = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok";
  expect(read(interim, 4, true).seen).toEqual([{ status: 201, keepAlive: true, body: "ok" }]);
});

test("a body that runs to the close is kept and ends there; Connection: close ends the connection's use", () => {
  const { seen, reader, onResponse } = read("HTTP/1.0 200 OK\r\n\r\nsome body", 4, true);
  expect(seen).toEqual([]);
  expect(reader.close(onResponse)).toBe(true);
  expect(seen).toEqual([{ status: 200, keepAlive: false, body: "some body" }]);
  const closing = read("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", 3, true);
  expect(closing.seen).toEqual([{ status: 200, keepAlive: false, body: "ok" }]);
});

test("not HTTP, a bad chunk, an unbounded head and a kept body past the limit are errors", () => {
  expect(read("SSH-2.0-OpenSSH\r\n\r\n", 100, false).error).toContain("not an HTTP/1.x response");
  expect(read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 100, false).error).toContain(
    "chunk size",
  );
  expect(
    read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", 100, true).error,
  ).toContain("longer than its size line");
  const endless = `HTTP/1.1 200 OK\r\n${"X-Pad: 0123456789\r\n".repeat(4096)}`;
  expect(read(endless, 1000, false).error).toContain("longer than");
  expect(read(endless, 1000, false).cause).toBe("headTooLarge");
  const huge = `HTTP/1.1 200 OK\r\nContent-Length: ${MAX_KEPT_BODY_BYTES + 1}\r\n\r\n${"x".repeat(MAX_KEPT_BODY_BYTES + 1)}`;
  expect(read(huge, 65536, true)).toMatchObject({
    error: expect.stringContaining("body longer than"),
    cause: "bodyTooLarge",
  });
  expect(read(huge, 65536, false).error).toBeNull();
});

test.each([
  ["one read", 1 << 20],
  ["across reads", 1000],
  ["a big first read", 60_000],
])("a head over 64 KiB fails the same way whole in %s", (_, size) => {
  const head = `HTTP/1.1 200 OK\r\n${"X-Pad: 0123456789\r\n".repeat(4000)}Content-Length: 0\r\n\r\n`;
  expect(read(head, size, false)).toMatchObject({
    seen: [],
    error: "a response head longer than 65536 bytes",
    cause: "headTooLarge",
  });
  const fits = `HTTP/1.1 200 OK\r\n${"X-Pad: 0123456789\r\n".repeat(3000)}Content-Length: 0\r\n\r\n`;
  expect(read(fits, size, false)).toMatchObject({ seen: [{ status: 200 }], error: null });
});
