import { expect, test } from "bun:test";
import {
  allocateCores,
  cpusetText,
  parseCpuList,
  pinnedCoreCount,
  pinnedMisfit,
} from "../../../runner/host/core-allocation.ts";
import { cpuCount, describePlacement } from "../../../runner/results/cell-record.ts";

test("a fraction takes a whole core; the service takes the highest-numbered cores", () => {
  expect([0.25, 0.5, 1, 1.5, 2, 4].map(pinnedCoreCount)).toEqual([1, 1, 1, 2, 2, 4]);
  expect(allocateCores(0.5, 2, 1)).toEqual({ service: [1], others: [0] });
  expect(allocateCores(1, 2, 1)).toEqual({ service: [1], others: [0] });
  expect(allocateCores(2, 8, 1)).toEqual({ service: [6, 7], others: [0, 1, 2, 3, 4, 5] });
  expect(allocateCores(2, 2, 1)).toBeNull();
  expect(allocateCores(2, 2, 0)).toEqual({ service: [0, 1], others: [] });
  expect(pinnedMisfit(4, 2, 0)).toBe("needs 4 cores of its own (cpuView pinned), host has 2");
  expect(pinnedMisfit(1, 2, 1)).toBeNull();
});

test("cpuset text and kernel CPU lists round-trip; malformed lists are null", () => {
  expect(cpusetText([3])).toBe("3");
  expect(cpusetText([0, 1, 2, 5, 7, 8])).toBe("0-2,5,7-8");
  expect(parseCpuList("0-2,5,7-8\n")).toEqual([0, 1, 2, 5, 7, 8]);
  expect(parseCpuList("")).toBeNull();
  expect(parseCpuList("3-1")).toBeNull();
  expect(parseCpuList("a")).toBeNull();
  expect(cpuCount("0-1")).toBe(2);
  expect(cpuCount(null)).toBeNull();
});

test("the report's CPU cell names the view, the service's cores and what it saw", () => {
  const seen = { cpusAllowedList: "1", nproc: 1, onlineCpuList: "0-1", unread: null };
  const pinned = { view: "pinned" as const, serviceCpuset: "1", othersCpuset: "0", seen, note: null };
  expect(describePlacement(pinned)).toBe("pinned 1 (nproc 1, online 2)");
  const shared = { ...pinned, view: "shared" as const, serviceCpuset: null, othersCpuset: null, seen: null };
  expect(describePlacement(shared)).toBe("shared");
  expect(describePlacement(undefined)).toBe("—");
});
