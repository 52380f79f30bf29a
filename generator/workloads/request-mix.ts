import type { RequestShape } from "../../contract/generator-step.ts";
import type { PacedWorkload } from "../api/workload.ts";
import { Http1Pool } from "../http/http1-pool.ts";
import { pickByWeight } from "./request-mix/pick-by-weight.ts";
import { requestBytes } from "./request-mix/request-bytes.ts";

/** Room beyond the step's concurrency for connections whose request timed out while they close. */
const SPARE_CONNECTIONS = 16;

/**
 * The built-in workload: the step's weighted request mix over keep-alive HTTP/1.1 to 127.0.0.1, request i a
 * low-discrepancy pick. A non-2xx answer, a network error or a timeout is a failure.
 */
export function requestMix(requests: readonly RequestShape[]): PacedWorkload {
  let pool: Http1Pool | null = null;
  return {
    rateUnit: "requests/s",
    latency: "request",
    open({ step }) {
      if (requests.length === 0) throw new Error("the step has no requests and names no workload module");
      const live = new Http1Pool(step.port, step.concurrency + SPARE_CONNECTIONS, step.timeoutMs);
      pool = live;
      const shapes = requests.map((r) => ({
        bytes: requestBytes(r, step.port),
        head: r.method.toUpperCase() === "HEAD",
      }));
      const pick = pickByWeight(requests.map((r) => r.weight));
      if (shapes.length === 1) {
        const only = shapes[0] as (typeof shapes)[number];
        return () => live.request(only.bytes, only.head);
      }
      return (index) => {
        const shape = shapes[pick(index)] as (typeof shapes)[number];
        return live.request(shape.bytes, shape.head);
      };
    },
    close() {
      pool?.close();
    },
  };
}
