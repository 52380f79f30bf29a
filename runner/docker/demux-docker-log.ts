import type { ContainerLogs } from "./docker-api.ts";

const HEADER_BYTES = 8;
const STDERR_STREAM = 2;

/** Splits Docker's multiplexed log format (8-byte frame headers, non-TTY containers) into stdout and stderr. */
export function demuxDockerLog(buffer: Uint8Array): ContainerLogs {
  const stdout: Uint8Array[] = [];
  const stderr: Uint8Array[] = [];
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = 0;
  while (offset + HEADER_BYTES <= buffer.length) {
    const stream = buffer[offset];
    const size = view.getUint32(offset + 4);
    const frame = buffer.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + size);
    (stream === STDERR_STREAM ? stderr : stdout).push(frame);
    offset += HEADER_BYTES + size;
  }
  return { stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") };
}
