// Polls GET BC_READY_URL every 10 ms until a 2xx, then prints the epoch ms of that answer (one number); aborts at the deadline.
import { sleep } from "k6";
import exec from "k6/execution";
import http from "k6/http";
import { Gauge } from "k6/metrics";

const POLL_MS = 10;
const url = __ENV.BC_READY_URL;
const timeoutMs = Number(__ENV.BC_READY_TIMEOUT_MS);
const readyAt = new Gauge("bc_ready_at_ms");

export const options = {
  scenarios: {
    ready: { executor: "per-vu-iterations", vus: 1, iterations: 1, maxDuration: `${timeoutMs + 1000}ms` },
  },
};

export default function () {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = http.get(url, {
      timeout: `${Math.max(POLL_MS, deadline - Date.now())}ms`,
      responseType: "none",
    });
    if (res.status >= 200 && res.status < 300) {
      readyAt.add(Date.now());
      return;
    }
    sleep(POLL_MS / 1000);
  }
  exec.test.abort(`${url} gave no 2xx within ${timeoutMs} ms`);
}

export function handleSummary(data) {
  const at = data.metrics.bc_ready_at_ms?.values?.max;
  return { stdout: at ? `${at}\n` : "" };
}
