import type { RequestShape } from "../../contract/generator-step.ts";
import { createHttp1Client, type Http1Client, type Http1Request } from "../api/http/http1-client.ts";
import type { PacedWorkload } from "../api/workload.ts";

/** Room beyond the step's concurrency for connections whose request timed out while they close. */
const SPARE_CONNECTIONS = 16;

/**
 * The built-in workload: the step's weighted request mix over keep-alive HTTP/1.1 to 127.0.0.1, request i a
 * low-discrepancy pick. A non-2xx answer, a network error or a timeout is a failure.
 */
export function requestMix(requests: readonly RequestShape[]): PacedWorkload {
  let client: Http1Client | null = null;
  return {
    rateUnit: "requests/s",
    latency: "request",
    async open({ step }) {
      if (requests.length === 0) throw new Error("the step has no requests and names no workload module");
      const live = createHttp1Client(step.port, {
        maxConnections: step.concurrency + SPARE_CONNECTIONS,
        timeoutMs: step.timeoutMs,
        target: { host: step.host ?? "127.0.0.1", tls: step.tls ?? null },
        watchHeader: step.watchHeader ?? null,
      });
      client = live;
      // calibrate's own headers (auth) go with every request, over the scenario's.
      const extra = step.headers ?? {};
      const prepared = requests.map((shape) =>
        live.prepare({ ...shape, headers: { ...shape.headers, ...extra } }),
      );
      // Over TLS (calibrate) a handshake costs round trips and a cold TLS stack: open the connections first.
      if (step.tls) await live.warm(step.concurrency);
      if (prepared.length === 1) {
        const only = prepared[0] as Http1Request;
        return () => live.request(only);
      }
      const pick = pickByWeight(requests.map((r) => r.weight));
      return (index) => live.request(prepared[pick(index)] as Http1Request);
    },
    close() {
      const headerValues = client?.headerValues() ?? [];
      client?.close();
      return { headerValues };
    },
  };
}

const GOLDEN_RATIO = 0.6180339887498949;

/** Item i of a weighted list: index * golden ratio mod 1 over the cumulative weights (deterministic, well spread). */
export function pickByWeight(weights: readonly number[]): (index: number) => number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return (index) => {
    let point = ((index * GOLDEN_RATIO) % 1) * total;
    for (let i = 0; i < weights.length; i++) {
      point -= weights[i] as number;
      if (point < 0) return i;
    }
    return weights.length - 1;
  };
}
