import { describe, expect, test } from "bun:test";
import type { HostProbe } from "../../../contract/host-probe.ts";
import type { CheckCommandDeps } from "../../../runner/commands/check/check.ts";
import { probeAt } from "../host/probe-fixture.ts";
import { fixtureRunRecord } from "../results/run-record-fixture.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { fakeRunner, run, size } from "./check-fixture.ts";

/** A baseline of 10,000/s measured at `baselineProbe` (none: a run from before the probe), checked on `hereProbe`. */
async function check(
  baselineProbe: HostProbe | null,
  hereProbe: HostProbe,
  ceilingsPerCall: number[][],
  extraArgs: string[] = [],
) {
  const resultsDir = await tempResultsDir();
  const records = [fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000 })];
  const stored = records.map((r) => ({ ...r, runId: "base" }));
  const runJson = {
    ...fixtureRunRecord("base", stored),
    ...(baselineProbe ? { probes: [baselineProbe] } : {}),
  };
  await writeFixtureRun(resultsDir, "base", records, { run: runJson });
  const fake = fakeRunner(ceilingsPerCall);
  // The check's own run recorded its probe in each repetition, as executeRun does.
  const runCells: CheckCommandDeps["runCells"] = async (s) =>
    (await fake.runCells(s)).map((r) => ({
      ...r,
      repetitions: r.repetitions.map((x) => ({ ...x, hostProbe: hereProbe })),
    }));
  const args = [...size, "--target", "1000", "--instances", "1", "--baseline", "base", ...extraArgs];
  const r = await run(args, { runCells, resultsDir });
  return { ...r, calls: fake.calls.length };
}

describe("check --baseline across hosts (host probes)", () => {
  test("within 10% in probe: compared as today, a 20% drop fails", async () => {
    const r = await check(probeAt(1.0), probeAt(0.95), [[8000], [8000]]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("ceiling dropped 20.0% against the baseline (fail over 10%)");
    expect(r.out).not.toContain("normalised");
  });

  test("beyond 10%: the baseline's ceiling is scaled by the composite ratio and the verdict is labelled", async () => {
    // 10,000/s at probe 1.05 is 5,905/s at probe 0.62: 6,000/s here is no regression.
    const r = await check(probeAt(1.05), probeAt(0.62), [[6000]]);
    expect(r.calls).toBe(1);
    expect(r.code).toBe(0);
    expect(r.out).toContain("baseline 5,905/s");
    expect(r.out).toContain(
      "normalised (probe 0.62 here, 1.05 in the baseline): the baseline measured 10,000/s",
    );
  });

  test("beyond 10% a real regression still fails, against the normalised baseline", async () => {
    const r = await check(probeAt(1.05), probeAt(0.62), [[4000], [4000]]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("against the baseline, normalised (probe 0.62 here, 1.05 in the baseline)");
  });

  test("--same-host refuses a baseline beyond 10% in probe with exit 2 and the same label", async () => {
    const r = await check(probeAt(1.05), probeAt(0.62), [[6000]], ["--same-host"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--same-host");
    expect(r.err).toContain("normalised (probe 0.62 here, 1.05 in the baseline)");
  });

  test("--same-host within 10% compares as usual", async () => {
    const r = await check(probeAt(1.0), probeAt(1.02), [[9900]], ["--same-host"]);
    expect(r.code).toBe(0);
  });

  test("a baseline without a probe compares as before, with a warning", async () => {
    const r = await check(null, probeAt(0.62), [[9300]]);
    expect(r.calls).toBe(1);
    expect(r.code).toBe(0);
    expect(r.out).toContain("dropped 7.0%");
    expect(r.out).toContain(
      "note: baseline run base: the baseline has no host probe: compared as if both ran on one host",
    );
  });

  test("--same-host without --baseline is a flag error", async () => {
    const r = await run([...size, "--target", "1000", "--same-host"], {
      runCells: fakeRunner([[1]]).runCells,
    });
    expect(r.code).toBe(2);
    expect(r.err).toContain("--baseline");
  });
});
