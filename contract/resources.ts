import { z } from "zod";
import { nonNegative } from "./non-negative.ts";
import { ResourceSample } from "./resource-sample.ts";

export const Resources = z
  .object({
    peakRssBytes: nonNegative,
    peakHeapUsedBytes: nonNegative,
    heapSizeBytes: nonNegative.describe("JS heap size at the end of the run"),
    cgroupMemoryPeakBytes: nonNegative
      .nullable()
      .describe(
        "cgroup memory high-water mark less the page cache still droppable at the end, never below the sampled peak; null outside a cgroup",
      ),
    cpuUserSeconds: nonNegative,
    cpuSystemSeconds: nonNegative,
    cpuThrottledPeriods: z.number().int().nonnegative().nullable(),
    cpuThrottledSeconds: nonNegative.nullable(),
    samples: z.array(ResourceSample).describe("time series sampled through the run"),
  })
  .strict();
export type Resources = z.infer<typeof Resources>;
