// Ingest as one ceiling-search step (step-lib's runStep pacing and summary): each operation is one publish request of
// `batch` messages (1 = single, more = bulk) drawn from the benchmarking plan's payload mix `payload` (small 1 KB,
// medium 10 KB, mixed 90% 1 KB + 10% 500 KB, full-spectrum 70/20/8/2% of 1/10/500/1024 KB). The rate and the
// ceiling are publish requests per second; a bulk request carries `batch` messages.
// Flag `protocol` (default http1, on the step's own port): http1, h2 or grpc, or auto, the one the service
// advertises in GET /healthz (`publish: {protocol, port}`, set by its PUBSUB_PROTOCOL), so an A/B of protocols is
// variants of one matrix that differ in the service's env only; `publish-port` pins the port. HTTP/2 is over TLS (k6
// negotiates h2 via ALPN only; certificate not verified, loopback only); gRPC is cleartext HTTP/2 with server
// reflection (no proto file). gRPC answers carry no k6 timings: their latency is timed with Date.now() (whole ms).
// `ordering-keys` (0) gives message i the ordering key k(i mod n); `subscriptions` (0: a firehose) creates that
// many subscriptions on the step's topic, each keeping every message as a backlog no one drains.
// The flags it takes, checked before any container starts (runner/preflight/check-script-flags.ts):
// bc-flag: batch {"type":"integer","minimum":1,"maximum":1000,"default":1}
// bc-flag: ordering-keys {"type":"integer","minimum":0,"maximum":100000,"default":0}
// bc-flag: subscriptions {"type":"integer","minimum":0,"maximum":100,"default":0}
// bc-flag: payload {"enum":["small","medium","mixed","full-spectrum"],"default":"small"}
// bc-flag: protocol {"enum":["auto","http1","h2","grpc"],"default":"http1"}
// bc-flag: publish-port {"type":"integer","minimum":1,"maximum":65535}
import encoding from "k6/encoding";
import http from "k6/http";
import grpc from "k6/net/grpc";
import { intFlag, jsonParams, readStep, runStep, stepOptions, stepSummary } from "/bun-capacity/step-lib.js";

const step = readStep();
const flags = step.flags ?? {};
const KB = 1024;
const MIXES = {
  small: [[KB, 100]],
  medium: [[10 * KB, 100]],
  mixed: [
    [KB, 90],
    [500 * KB, 10],
  ],
  "full-spectrum": [
    [KB, 70],
    [10 * KB, 20],
    [500 * KB, 8],
    [1024 * KB, 2],
  ],
};
const PROTOCOLS = ["auto", "http1", "h2", "grpc"];
const PUBLISH_RPC = "bun_capacity.pubsub.v1.Publisher/PublishBatch";
const BATCH = intFlag(flags, "batch", 1, 1, 1000);
const ORDERING_KEYS = intFlag(flags, "ordering-keys", 0, 0, 100000);
const SUBSCRIPTIONS = intFlag(flags, "subscriptions", 0, 0, 100);
const MIX = MIXES[flags.payload ?? "small"];
if (MIX === undefined)
  throw new Error(`flag payload=${flags.payload}: expected one of ${Object.keys(MIXES).join(", ")}`);
const PROTOCOL = String(flags.protocol ?? "http1");
if (!PROTOCOLS.includes(PROTOCOL))
  throw new Error(`flag protocol=${flags.protocol}: expected one of ${PROTOCOLS.join(", ")}`);
const PINNED_PORT = flags["publish-port"] === undefined ? null : Number(flags["publish-port"]);
if (PINNED_PORT !== null && !(Number.isInteger(PINNED_PORT) && PINNED_PORT > 0 && PINNED_PORT < 65536))
  throw new Error(`flag publish-port=${flags["publish-port"]}: expected a port 1..65535`);

// One payload per size (JSON-quoted for HTTP, base64 for gRPC bytes); 100 slots give the mix's exact shares.
const quoted = {};
const base64 = {};
const slots = [];
for (const [bytes, percent] of MIX) {
  if (quoted[bytes] === undefined) {
    quoted[bytes] = JSON.stringify("x".repeat(bytes));
    base64[bytes] = encoding.b64encode("x".repeat(bytes));
  }
  for (let i = 0; i < percent; i++) slots.push(bytes);
}
// 37 is coprime with 100: consecutive messages walk the slots spread out.
const sizeOf = (index) => slots[(index * 37) % 100];
const params = { ...jsonParams(`${step.timeoutMs}ms`), responseType: "none" };
// Created in the init context (k6 requires it); connected once per step, before the paced sends.
const client = new grpc.Client();

// HTTP/2 needs TLS in k6; the service's certificate is a test-only self-signed one on loopback.
export const options = { ...stepOptions(step), insecureSkipTLSVerify: true };

const subscriptionName = (topic, index) => `${topic}-s${index}`;

export function setup() {
  const endpoint = publishEndpoint();
  // Without subscriptions publishing is accepted and counted, and nothing is kept (a firehose).
  const topic = `ingest-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const res = http.put(`${step.baseUrl}/admin/topics/${topic}`, null, params);
  if (res.status < 200 || res.status >= 300) throw new Error(`create topic ${topic}: HTTP ${res.status}`);
  const body = JSON.stringify({ topic, enableMessageOrdering: ORDERING_KEYS > 0 });
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const sub = http.put(`${step.baseUrl}/admin/subscriptions/${subscriptionName(topic, i)}`, body, params);
    if (sub.status < 200 || sub.status >= 300)
      throw new Error(`create subscription ${subscriptionName(topic, i)}: HTTP ${sub.status}`);
  }
  return { topic, ...endpoint };
}

/** The protocol and port to publish on: the flags' (http1 defaults to the step's port), or what GET /healthz advertises. */
function publishEndpoint() {
  if (PROTOCOL === "http1" && PINNED_PORT === null)
    return { protocol: "http1", port: Number(/:(\d+)$/.exec(step.baseUrl)?.[1]) };
  const health = http.get(`${step.baseUrl}/healthz`, { timeout: params.timeout, responseType: "text" });
  const advertised = health.status === 200 ? health.json("publish") : null;
  const protocol = PROTOCOL === "auto" ? advertised?.protocol : PROTOCOL;
  const port = PINNED_PORT ?? (advertised?.protocol === protocol ? advertised?.port : undefined);
  if (!PROTOCOLS.includes(protocol) || !Number.isInteger(port))
    throw new Error(
      `GET ${step.baseUrl}/healthz (HTTP ${health.status}) advertises no publish endpoint for protocol ${PROTOCOL}; set flags protocol (http1, h2, grpc) and publish-port`,
    );
  return { protocol, port };
}

const orderingKey = (index) => (ORDERING_KEYS > 0 ? `k${index % ORDERING_KEYS}` : "");

const httpBody = (index) => {
  const key = (i) => (ORDERING_KEYS > 0 ? `"orderingKey":"${orderingKey(i)}",` : "");
  const message = (i) => `{${key(i)}"data":${quoted[sizeOf(i)]}}`;
  if (BATCH === 1) return message(index);
  const parts = [];
  for (let i = 0; i < BATCH; i++) parts.push(message(index * BATCH + i));
  return `{"messages":[${parts.join(",")}]}`;
};

const grpcRequest = (topic, index) => {
  const messages = [];
  for (let i = 0; i < BATCH; i++) {
    const at = index * BATCH + i;
    messages.push({ data: base64[sizeOf(at)], orderingKey: orderingKey(at) });
  }
  return { topic, messages };
};

function sender(data) {
  if (data.protocol === "grpc") {
    client.connect(`127.0.0.1:${data.port}`, { plaintext: true, reflect: true, timeout: params.timeout });
    const callParams = { timeout: params.timeout };
    // runStep counts a 2xx status as answered; a gRPC call is answered when its status is OK.
    const answered = (res) => ({ status: res?.status === grpc.StatusOK ? 200 : 502 });
    return (index) =>
      client.asyncInvoke(PUBLISH_RPC, grpcRequest(data.topic, index), callParams).then(answered);
  }
  const scheme = data.protocol === "h2" ? "https" : "http";
  const url = `${scheme}://127.0.0.1:${data.port}/topics/${data.topic}/publish`;
  return (index) => http.asyncRequest("POST", url, httpBody(index), params);
}

// runStep paces and measures; each send is async, at most `concurrency` in flight.
export default async (data) => {
  await runStep(step, sender(data));
  if (data.protocol === "grpc") client.close();
};

export function teardown(data) {
  for (let i = 0; i < SUBSCRIPTIONS; i++)
    http.del(`${step.baseUrl}/admin/subscriptions/${subscriptionName(data.topic, i)}`, null, params);
  http.del(`${step.baseUrl}/admin/topics/${data.topic}`, null, params);
}

export const handleSummary = (data) => stepSummary(step, data);
