import type { RequestShape } from "../../../contract/generator-step.ts";

/** One request's HTTP/1.1 bytes, built once: Host and Content-Length are ours, the shape's other headers kept. */
export function requestBytes(shape: RequestShape, port: number): Uint8Array {
  const body = shape.body === null ? null : Buffer.from(shape.body, "utf8");
  const lines = [`${shape.method.toUpperCase()} ${shape.path} HTTP/1.1`];
  const names = Object.keys(shape.headers).map((name) => name.toLowerCase());
  if (!names.includes("host")) lines.push(`Host: 127.0.0.1:${port}`);
  for (const [name, value] of Object.entries(shape.headers)) {
    if (name.toLowerCase() !== "content-length") lines.push(`${name}: ${value}`);
  }
  if (body !== null) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return body === null ? head : Buffer.concat([head, body]);
}
