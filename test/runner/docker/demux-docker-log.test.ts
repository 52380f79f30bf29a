import { expect, test } from "bun:test";
import { DockerFrameReader, demuxDockerLog } from "../../../runner/docker/docker-client.ts";

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

test("DockerFrameReader: frames split across chunks, and a character split across frames, arrive whole and in order", () => {
  const seen: Array<[string, string]> = [];
  const reader = new DockerFrameReader((stream, text) => seen.push([stream, text]));
  const e = new TextEncoder().encode("é");
  const all = new Uint8Array([...frame(1, "line 1\nh"), ...frame(2, "oops\n")]);
  const header = (n: number) => {
    const h = new Uint8Array(8);
    h[0] = 1;
    new DataView(h.buffer).setUint32(4, n);
    return h;
  };
  const stream = new Uint8Array([...all, ...header(1), e[0] as number, ...header(2), e[1] as number, 10]);
  // Fed a byte at a time: no frame is complete until its last byte.
  for (let i = 0; i < stream.length; i++) reader.push(stream.subarray(i, i + 1));
  expect(seen).toEqual([
    ["stdout", "line 1\nh"],
    ["stderr", "oops\n"],
    ["stdout", "é\n"],
  ]);
});
