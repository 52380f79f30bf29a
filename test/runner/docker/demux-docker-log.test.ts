import { expect, test } from "bun:test";
import { demuxDockerLog } from "../../../runner/docker/docker-client.ts";

function frame(stream: 1 | 2, text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const header = new Uint8Array(8);
  header[0] = stream;
  new DataView(header.buffer).setUint32(4, body.length);
  return new Uint8Array([...header, ...body]);
}

test("splits interleaved frames into stdout and stderr", () => {
  const log = new Uint8Array([
    ...frame(2, "warn 1\n"),
    ...frame(1, '{"a":'),
    ...frame(2, "warn 2\n"),
    ...frame(1, "1}\n"),
  ]);
  expect(demuxDockerLog(log)).toEqual({ stdout: '{"a":1}\n', stderr: "warn 1\nwarn 2\n" });
});

test("multi-byte characters split across frames survive", () => {
  const bytes = new TextEncoder().encode("héllo");
  const header = (n: number) => {
    const h = new Uint8Array(8);
    h[0] = 1;
    new DataView(h.buffer).setUint32(4, n);
    return h;
  };
  const log = new Uint8Array([
    ...header(2),
    ...bytes.slice(0, 2),
    ...header(bytes.length - 2),
    ...bytes.slice(2),
  ]);
  expect(demuxDockerLog(log).stdout).toBe("héllo");
});

test("empty logs", () => {
  expect(demuxDockerLog(new Uint8Array())).toEqual({ stdout: "", stderr: "" });
});
