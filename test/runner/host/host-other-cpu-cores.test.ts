import { expect, test } from "bun:test";
import { hostOtherCpuCores } from "../../../runner/host/host-probe.ts";

test("other cores: host busy less the measured containers' CPU, over the wall time", () => {
  expect(hostOtherCpuCores(3, 1, 2)).toBe(1);
  expect(hostOtherCpuCores(1, 1.2, 2)).toBe(0); // counters tick at different moments: never negative
  expect(hostOtherCpuCores(null, 1, 2)).toBeNull();
  expect(hostOtherCpuCores(3, 1, 0)).toBeNull(); // no wall time: no rate
});
