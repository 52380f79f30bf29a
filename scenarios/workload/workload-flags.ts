import { z } from "zod";
import { PayloadMix } from "../../service/workloads/payload-mix.ts";

const count = (max: number) => z.coerce.number().int().min(1).max(max);

/** Coverage flags shared by the Pub/Sub scenarios; each scenario picks the ones that make sense, with its defaults. */
export const workloadFlags = {
  payloadMix: (fallback: PayloadMix = "small") =>
    PayloadMix.default(fallback).describe("small | large | mixed | mixed-heavy | full-spectrum"),
  ordering: () =>
    z.enum(["none", "keys8"]).default("none").describe("none | keys8 (8 ordering keys, uniform)"),
  // An enum of strings so the published JSON Schema lists the three values (the runner checks flags before a run).
  batchSize: () =>
    z
      .enum(["1", "10", "100"])
      .default("100")
      .transform(Number)
      .describe("publisher batch size: 1 | 10 | 100 (client default 100)"),
  publishers: (fallback = 1, max = 64) =>
    count(max).default(fallback).describe(`topic handles publishing (1..${max})`),
  subscribers: (fallback = 1) =>
    count(1000).default(fallback).describe("subscriptions on the topic (1..1000)"),
  concurrency: () =>
    count(64).default(1).describe("subscriber handles (streams) per subscription, e.g. 1 | 4 | 16"),
} as const;

/** The coverage flags of the one-topic, end-to-end scenarios (throughput, saturation, soak), with their defaults. */
export const endToEndFlags = () => ({
  payloadMix: workloadFlags.payloadMix(),
  ordering: workloadFlags.ordering(),
  batchSize: workloadFlags.batchSize(),
  publishers: workloadFlags.publishers(1, 8),
  subscribers: workloadFlags.subscribers(1),
  concurrency: workloadFlags.concurrency(),
});
