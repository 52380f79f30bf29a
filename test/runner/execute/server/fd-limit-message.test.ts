import { describe, expect, test } from "bun:test";
import type { FixedSummary } from "../../../../contract/generator-step.ts";
import { FD_RESERVE, fdLimitMessage } from "../../../../runner/execute/server/run-server-repetition.ts";
import { testCell } from "../cell-fixture.ts";

const summary = (failures: number, connectionsRequested: number | null = 1000): FixedSummary => ({
  bcFixedSummary: 1,
  workload: "connection-storm",
  figures: {},
  failures,
  connectionsRequested,
  window: { startMs: 0, holdStartMs: null, holdEndMs: null },
});

describe("fdLimitMessage", () => {
  test("failed connections under a nofile below what was asked name the limit", () => {
    const message = fdLimitMessage(testCell({ nofile: 512 }), summary(490), false);
    expect(message).toContain("490 of 1000 connections failed");
    expect(message).toContain("ulimit nofile 512");
  });

  test("no failures, no nofile, or a limit with room to spare: not a descriptor limit", () => {
    expect(fdLimitMessage(testCell({ nofile: 512 }), summary(0), false)).toBeNull();
    expect(fdLimitMessage(testCell(), summary(10), false)).toBeNull();
    expect(fdLimitMessage(testCell({ nofile: 1000 + FD_RESERVE + 1 }), summary(10), false)).toBeNull();
  });

  test("a storm that never finished under a binding limit names it, from the connections flag", () => {
    const cell = testCell({ nofile: 256, flags: { connections: 600 } });
    expect(fdLimitMessage(cell, null, true)).toContain("never finished");
    expect(fdLimitMessage(cell, null, false)).toBeNull();
    expect(fdLimitMessage(testCell({ nofile: 256 }), null, true)).toBeNull();
  });
});
