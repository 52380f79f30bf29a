import { describe, expect, test } from "bun:test";
import { summarizeCell } from "../../../runner/execute/summarize-cell.ts";
import type { Repetition, RepetitionStatus } from "../../../runner/results/cell-record.ts";
import { measureCell } from "../../../runner/sizing/cell-measurements.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { loadStep, searchResult } from "../results/search-fixture.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

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

  test("a repetition that confirmed no ceiling counts (as 0/s): the cell disagrees and says so", () => {
    const verdict = summarizeCell([repetition("ok", 1000), repetition("ok", null), repetition("ok", 1010)]);
    expect(verdict.status).toBe("ok");
    expect(verdict.summary.ceilingPerSec?.median).toBe(1000);
    expect(verdict.summary.ceilingPerSec?.min).toBe(0);
    expect(verdict.summary).toMatchObject({ unconfirmedRepetitions: 1, disagrees: true, repetitionsRun: 3 });
    expect(verdict.message).toStartWith("3/3 ok; 1 confirmed no ceiling under the SLO; wide");
    // two of three unconfirmed: the median is 0, never the one repetition that confirmed something
    const mostly = summarizeCell([repetition("ok", 1000), repetition("ok", null), repetition("ok", null)]);
    expect(mostly.summary.ceilingPerSec?.median).toBe(0);
  });

  test("a ceiling CV over 5% disagrees; over 10% it is noisy too", () => {
    const seven = summarizeCell([repetition("ok", 1000), repetition("ok", 1070), repetition("ok", 930)]);
    expect(seven.summary).toMatchObject({ disagrees: true });
    const wide = summarizeCell([repetition("ok", 1000), repetition("ok", 1500), repetition("ok", 700)]);
    expect(wide.summary).toMatchObject({ disagrees: true, noisy: true });
  });

  test("p99 is the confirming step's, the same step sizing reports (not a bisect step at the same rate)", () => {
    const steps = [loadStep("bisect", 1000, 12), loadStep("confirm", 1000, 31)];
    const rep = { ...repetition("ok"), result: searchResult(steps, 1000) };
    const verdict = summarizeCell([rep]);
    expect(verdict.summary.p99LatencyMs?.median).toBe(31);
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 1000, repetitions: 1 });
    const sized = measureCell({ ...record, repetitions: [{ ...record.repetitions[0], ...rep }] });
    expect(sized.latencyAtCeiling?.p99Ms).toBe(31);
  });

  test("any engine-lost repetition makes the cell engine-lost (so resume re-runs it)", () => {
    expect(summarizeCell([repetition("ok"), repetition("engine-lost")]).status).toBe("engine-lost");
  });

  test("no ok repetition: null figures", () => {
    expect(summarizeCell([repetition("crash")]).summary.ceilingPerSec).toBeNull();
  });
});
