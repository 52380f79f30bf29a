import { describe, expect, test } from "bun:test";
import { summarizeCell } from "../../../runner/execute/summarize-cell.ts";
import type { Repetition, RepetitionStatus } from "../../../runner/results/cell-record.ts";
import { validResult } from "../../contract/result-fixture.ts";

function repetition(status: RepetitionStatus, ceilingPerSec: number | null = 1000, index = 0): Repetition {
  const ceiling = {
    ceilingPerSec,
    kneePerSec: null,
    closedLoopMaxPerSec: (ceilingPerSec ?? 1000) * 1.2,
    resolution: 0.05,
    searchSeconds: 10,
    exhaustiveSweepSeconds: 30,
  };
  return {
    index,
    status,
    message: status === "ok" ? "ok" : `it was ${status}`,
    exitCode: status === "ok" ? 0 : 1,
    wallSeconds: 1,
    result: status === "ok" ? validResult({ ceiling }) : null,
    stderrTail: "",
    rawStdout: null,
    oomKilled: false,
    oomEvent: false,
    applied: null,
    limitMismatches: [],
    stats: null,
  };
}

describe("summarizeCell", () => {
  test("all ok: status ok, median and spread of the ceiling", () => {
    const verdict = summarizeCell([repetition("ok", 1000), repetition("ok", 1020), repetition("ok", 990)]);
    expect(verdict.status).toBe("ok");
    expect(verdict.summary.ceilingPerSec?.median).toBe(1000);
    expect(verdict.summary.ceilingPerSec?.min).toBe(990);
    expect(verdict.summary.ceilingPerSec?.max).toBe(1020);
    expect(verdict.summary.noisy).toBe(false);
    expect(verdict.message).toBe("3/3 ok");
  });

  test("all the same failure: the cell takes that status", () => {
    expect(summarizeCell([repetition("oom"), repetition("oom")]).status).toBe("oom");
  });

  test("mixed kinds: unstable, figures from the ok ones only", () => {
    const verdict = summarizeCell([repetition("ok", 1000), repetition("oom")]);
    expect(verdict.status).toBe("unstable");
    expect(verdict.summary.ceilingPerSec?.median).toBe(1000);
    expect(verdict.message).toContain("1 ok, 1 oom");
  });

  test("a repetition that confirmed no ceiling marks the cell noisy and is named", () => {
    const verdict = summarizeCell([repetition("ok", 1000), repetition("ok", null), repetition("ok", 1010)]);
    expect(verdict.status).toBe("ok");
    expect(verdict.summary.ceilingPerSec?.median).toBe(1005);
    expect(verdict.summary.noisy).toBe(true);
    expect(verdict.message).toBe("3/3 ok; 1 confirmed no ceiling under the SLO");
  });

  test("a ceiling CV over 10% marks the cell noisy", () => {
    const verdict = summarizeCell([repetition("ok", 1000), repetition("ok", 1500), repetition("ok", 700)]);
    expect(verdict.summary.noisy).toBe(true);
  });

  test("any engine-lost repetition makes the cell engine-lost (so resume re-runs it)", () => {
    expect(summarizeCell([repetition("ok"), repetition("engine-lost")]).status).toBe("engine-lost");
  });

  test("no ok repetition: null figures", () => {
    expect(summarizeCell([repetition("crash")]).summary.ceilingPerSec).toBeNull();
  });
});
