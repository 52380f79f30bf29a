// Ingest as one ceiling-search step (step-lib's runStep pacing and summary): each operation is one publish request of
// `batch` messages (1 = single, more = bulk) drawn from the benchmarking plan's payload mix `payload` (small 1 KB,
// medium 10 KB, mixed 90% 1 KB + 10% 500 KB, full-spectrum 70/20/8/2% of 1/10/500/1024 KB). The rate and the
// ceiling are publish requests per second; a bulk request carries `batch` messages.
import http from "k6/http";
import { readStep, runStep, stepOptions, stepSummary } from "/bun-capacity/step-lib.js";

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
const BATCH = Number(flags.batch ?? 1);
if (!Number.isInteger(BATCH) || BATCH < 1 || BATCH > 1000)
  throw new Error(`flag batch=${flags.batch}: expected a whole number 1..1000`);
const MIX = MIXES[flags.payload ?? "small"];
if (MIX === undefined)
  throw new Error(`flag payload=${flags.payload}: expected one of ${Object.keys(MIXES).join(", ")}`);

// One JSON-quoted payload per size; 100 slots give the mix's exact shares over every 100 messages.
const quoted = {};
const slots = [];
for (const [bytes, percent] of MIX) {
  if (quoted[bytes] === undefined) quoted[bytes] = JSON.stringify("x".repeat(bytes));
  for (let i = 0; i < percent; i++) slots.push(bytes);
}
// 37 is coprime with 100: consecutive messages walk the slots spread out.
const message = (index) => `{"data":${quoted[slots[(index * 37) % 100]]}}`;
const params = {
  headers: { "content-type": "application/json" },
  timeout: `${step.timeoutMs}ms`,
  responseType: "none",
};

export const options = stepOptions(step);

export function setup() {
  // A topic without subscriptions: publishing is accepted and counted, nothing is kept (a firehose).
  const topic = `ingest-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const res = http.put(`${step.baseUrl}/admin/topics/${topic}`, null, params);
  if (res.status < 200 || res.status >= 300) throw new Error(`create topic ${topic}: HTTP ${res.status}`);
  return { topic };
}

function body(index) {
  if (BATCH === 1) return message(index);
  const parts = [];
  for (let i = 0; i < BATCH; i++) parts.push(message(index * BATCH + i));
  return `{"messages":[${parts.join(",")}]}`;
}

// runStep paces and measures; each send is async (http.asyncRequest), at most `concurrency` in flight.
export default (data) => {
  const url = `${step.baseUrl}/topics/${data.topic}/publish`;
  return runStep(step, (index) => http.asyncRequest("POST", url, body(index), params));
};

export function teardown(data) {
  http.del(`${step.baseUrl}/admin/topics/${data.topic}`, null, params);
}

export const handleSummary = (data) => stepSummary(step, data);
