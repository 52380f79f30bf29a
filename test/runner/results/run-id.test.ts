import { expect, test } from "bun:test";
import { newRunId, RUN_ID_PATTERN } from "../../../runner/results/run-store.ts";

test("run ids sort by time and are filesystem-safe", () => {
  const id = newRunId(new Date("2026-11-22T03:40:00.123Z"), "abc123");
  expect(id).toBe("2026-11-22T03-40-00Z-abc123");
  expect(RUN_ID_PATTERN.test(id)).toBe(true);
  expect(RUN_ID_PATTERN.test(newRunId())).toBe(true);
});
