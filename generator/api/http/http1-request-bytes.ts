/** Methods RFC 9110 calls idempotent: sent again once when a reused connection closed before any response byte. */
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** What a request is made of; headers other than Content-Length are sent as given. */
export interface Http1RequestShape {
  method: string;
  /** The request target, e.g. /topics/t/publish (already encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  /** The statuses that count as success; absent: 200–399. */
  expect?: { status: readonly number[] } | null;
}

/** A request built once (its bytes), to send many times. */
export interface Http1Request {
  readonly bytes: Uint8Array;
  readonly head: boolean;
  readonly idempotent: boolean;
  /** 1 at each expected status (indexed by status); null: 200–399. */
  readonly expected: Uint8Array | null;
}

/** Whether an answer with this status is a success for the request. */
export function isExpected(request: Http1Request, status: number): boolean {
  return request.expected === null ? status >= 200 && status < 400 : request.expected[status] === 1;
}

/** A status-indexed table with 1 at each expected status. */
export function expectedStatuses(statuses: readonly number[]): Uint8Array {
  const expected = new Uint8Array(1000);
  for (const status of statuses)
    if (Number.isInteger(status) && status >= 100 && status <= 999) expected[status] = 1;
  return expected;
}

/** One request, built once to be sent many times. */
export function prepareHttp1Request(
  shape: Http1RequestShape,
  port: number,
  host = "127.0.0.1",
  tls = false,
): Http1Request {
  const method = shape.method.toUpperCase();
  const expected = shape.expect == null ? null : expectedStatuses(shape.expect.status);
  return {
    bytes: http1RequestBytes(shape, port, host, tls),
    head: method === "HEAD",
    idempotent: IDEMPOTENT.has(method),
    expected,
  };
}

/** One request's HTTP/1.1 bytes: Content-Length is ours, Host too unless given. */
function http1RequestBytes(shape: Http1RequestShape, port: number, host: string, tls: boolean): Uint8Array {
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
