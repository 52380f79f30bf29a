import type { PacedWorkload } from "../../generator/api/workload.ts";

// POST /orders with `items` lines; a 2xx completes it. Only types are imported: nothing to install.
const workload: PacedWorkload = {
  rateUnit: "orders/s",
  flags: (z) => ({ items: z.number().int().min(1).max(100).default(3) }),
  open({ step, flags }) {
    const lines = Array.from({ length: Number(flags.items) }, (_, sku) => ({ sku }));
    const body = JSON.stringify({ lines });
    const headers = { "content-type": "application/json" };
    return async () => {
      const signal = AbortSignal.timeout(step.timeoutMs);
      const res = await fetch(`${step.baseUrl}/orders`, { method: "POST", body, headers, signal });
      return res.ok;
    };
  },
};
export default workload;
