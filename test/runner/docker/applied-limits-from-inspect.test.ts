import { expect, test } from "bun:test";
import { appliedLimitsFromInspect } from "../../../runner/docker/applied-limits.ts";

test("maps HostConfig and Config.User; null lists become empty", () => {
  const applied = appliedLimitsFromInspect({
    Config: { User: "1000:1000" },
    HostConfig: {
      NanoCpus: 5e8,
      Memory: 256,
      MemorySwap: 256,
      ReadonlyRootfs: true,
      CapDrop: null,
      PidsLimit: 256,
      NetworkMode: "none",
      CpusetCpus: "1",
    },
  });
  expect(applied).toEqual({
    nanoCpus: 5e8,
    memoryBytes: 256,
    memorySwapBytes: 256,
    readonlyRootfs: true,
    capDrop: [],
    securityOpt: [],
    pidsLimit: 256,
    networkMode: "none",
    user: "1000:1000",
    cpusetCpus: "1",
  });
});
