import { expect, test } from "bun:test";
import { contentionNote } from "../../harness/contention-note.ts";
import { contentionSince, describeContention, readContention } from "../../harness/step-contention.ts";

test("a run whose JS thread waited for a CPU over 10% of the measured time gets a contention note", () => {
  expect(contentionNote({ measuredSeconds: 20, waitedSeconds: 1 })).toBeNull();
  expect(contentionNote({ measuredSeconds: 20, waitedSeconds: null })).toBeNull();
  expect(contentionNote({ measuredSeconds: 0, waitedSeconds: 0 })).toBeNull();
  expect(contentionNote({ measuredSeconds: 20, waitedSeconds: 9 })).toContain("waited for a CPU 45%");
});

test("the counters read on Linux and only grow; the step line names them", () => {
  const before = readContention();
  const delta = contentionSince(before);
  if (process.platform === "linux") {
    expect(delta.runQueueWaitSeconds).toBeGreaterThanOrEqual(0);
    expect(delta.mainRunQueueWaitSeconds).toBeGreaterThanOrEqual(0);
    expect(describeContention(delta)).toContain("(js thread");
  }
  expect(
    describeContention({ throttledSeconds: 1.5, runQueueWaitSeconds: null, mainRunQueueWaitSeconds: null }),
  ).toBe(" throttled 1.500 s");
});
