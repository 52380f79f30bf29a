import { type IngestPayloadMix, mixSizes, payloadSizes, SIZE_SLOTS } from "../payload-mix.ts";

/** How request i's messages are made: `batch` of them, sizes from the mix, ordering keys k(j mod n) when n > 0. */
export interface MessagePlan {
  batch: number;
  orderingKeys: number;
  payload: IngestPayloadMix;
}

/** Request i's messages as an HTTP body and as gRPC messages; one payload per size, made once. */
export function publishMessages(plan: MessagePlan) {
  const sizeOf = payloadSizes(plan.payload);
  const quoted = new Map<number, string>();
  const bytes = new Map<number, Buffer>();
  for (const size of mixSizes(plan.payload)) {
    quoted.set(size, JSON.stringify("x".repeat(size)));
    bytes.set(size, Buffer.alloc(size, "x"));
  }
  const quotedOf = (size: number) => quoted.get(size) as string;
  const bytesOf = (size: number) => bytes.get(size) as Buffer;
  // Message j's JSON repeats every `cycle` messages (its size slot, its key); a request's body every bodyPeriod.
  const sizeCycle = mixSizes(plan.payload).length === 1 ? 1 : SIZE_SLOTS;
  const cycle = plan.orderingKeys > 0 ? lcm(sizeCycle, plan.orderingKeys) : sizeCycle;
  const keyOf = (j: number) => (plan.orderingKeys > 0 ? `k${j % plan.orderingKeys}` : "");
  const json = (j: number) =>
    `{${plan.orderingKeys > 0 ? `"orderingKey":"${keyOf(j)}",` : ""}"data":${quotedOf(sizeOf(j))}}`;
  return {
    /** Requests i and i + bodyPeriod have the same body. */
    bodyPeriod: cycle / gcd(plan.batch, cycle),
    /** One message is published as itself, more as a bulk `{messages: [...]}`. */
    httpBody(index: number): string {
      if (plan.batch === 1) return json(index);
      const parts: string[] = [];
      for (let i = 0; i < plan.batch; i++) parts.push(json(index * plan.batch + i));
      return `{"messages":[${parts.join(",")}]}`;
    },
    grpcMessages(index: number): Array<{ data: Buffer; orderingKey: string }> {
      const messages: Array<{ data: Buffer; orderingKey: string }> = [];
      for (let i = 0; i < plan.batch; i++) {
        const j = index * plan.batch + i;
        messages.push({ data: bytesOf(sizeOf(j)), orderingKey: keyOf(j) });
      }
      return messages;
    },
  };
}
export type PublishMessages = ReturnType<typeof publishMessages>;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}
