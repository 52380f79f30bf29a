import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ResourceSampler } from "../../harness/resource-sampler.ts";

const fixture = (name: string) => join(import.meta.dir, "./fixtures/cgroup", name);

describe("ResourceSampler's cgroup peak", () => {
  test("is the kernel's high-water mark less the page cache still droppable at the end", () => {
    const sampler = new ResourceSampler(250, fixture("v1-limited"));
    sampler.sample();
    const resources = sampler.stop();
    // max_usage_in_bytes 234,567,890 less total_inactive_file 23,456,789; samples read 100,000,000.
    expect(resources.cgroupMemoryPeakBytes).toBe(211_111_101);
    expect(resources.samples[0]?.cgroupMemoryBytes).toBe(100_000_000);
  });

  test("is the sampled peak where the kernel keeps no high-water mark", () => {
    const sampler = new ResourceSampler(250, fixture("v1-unlimited"));
    sampler.sample();
    const sampled = sampler.samples[0]?.cgroupMemoryBytes ?? null;
    expect(sampled).toBeGreaterThan(0);
    expect(sampler.stop().cgroupMemoryPeakBytes).toBe(sampled);
  });
});
