import { z } from "zod";
import { nonNegative } from "./non-negative.ts";

export const ResourceSample = z
  .object({
    elapsedMs: nonNegative,
    rssBytes: nonNegative,
    heapUsedBytes: nonNegative,
    cgroupMemoryBytes: nonNegative
      .nullable()
      .describe("cgroup memory less droppable page cache (inactive file), as docker stats counts it"),
    cpuSeconds: nonNegative,
  })
  .strict();
export type ResourceSample = z.infer<typeof ResourceSample>;
