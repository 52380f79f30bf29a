/** What a request is made of; headers other than Content-Length are sent as given. */
export interface Http1RequestShape {
  method: string;
  /** The request target, e.g. /topics/t/publish (already encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
}

/** One request's HTTP/1.1 bytes, built once to be sent many times: Content-Length is ours, Host too unless given. */
export function http1RequestBytes(
  shape: Http1RequestShape,
  port: number,
  host = "127.0.0.1",
  tls = false,
): Uint8Array {
  const body =
    shape.body == null ? null : typeof shape.body === "string" ? Buffer.from(shape.body) : shape.body;
  const headers = Object.entries(shape.headers ?? {});
  const lines = [`${shape.method.toUpperCase()} ${shape.path} HTTP/1.1`];
  // A TLS front (Cloud Run) routes by Host: its default port is left out, as browsers do.
  const authority = tls && port === 443 ? host : `${host}:${port}`;
  if (!headers.some(([name]) => name.toLowerCase() === "host")) lines.push(`Host: ${authority}`);
  for (const [name, value] of headers)
    if (name.toLowerCase() !== "content-length") lines.push(`${name}: ${value}`);
  if (body !== null) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return body === null ? head : Buffer.concat([head, body]);
}
