import { describe, expect, test } from "bun:test";
import type { HostProbe } from "../../../contract/host-probe.ts";
import { runCompare } from "../../../runner/commands/compare.ts";
import { probeAt } from "../host/probe-fixture.ts";
import { fixtureRunRecord } from "../results/run-record-fixture.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

async function storedRun(resultsDir: string, runId: string, ceilingPerSec: number, probe: HostProbe | null) {
  const records = [fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec })];
  const stored = records.map((r) => ({ ...r, runId }));
  const run = { ...fixtureRunRecord(runId, stored), ...(probe ? { probes: [probe] } : {}) };
  await writeFixtureRun(resultsDir, runId, records, { run });
}

async function compare(probeA: HostProbe | null, probeB: HostProbe | null, extra: string[] = []) {
  const resultsDir = await tempResultsDir();
  await storedRun(resultsDir, "a", 10_000, probeA);
  await storedRun(resultsDir, "b", 6_000, probeB);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCompare(["a", "b", ...extra], resultsDir, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env: {},
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("compare across hosts (host probes)", () => {
  test("beyond 10% in probe, A's ceilings are scaled to B's host speed and the table says so", async () => {
    const r = await compare(probeAt(1.05), probeAt(0.62));
    expect(r.code).toBe(0);
    expect(r.out).toContain("normalised (probe 0.62 here, 1.05 in the baseline)");
    expect(r.out).toContain("5,905");
  });

  test("within 10% the runs compare as they are", async () => {
    const r = await compare(probeAt(1.0), probeAt(0.95));
    expect(r.out).not.toContain("normalised");
    expect(r.out).not.toContain("Warning");
  });

  test("--same-host refuses beyond 10% with exit 2", async () => {
    const r = await compare(probeAt(1.05), probeAt(0.62), ["--same-host"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("normalised (probe 0.62 here, 1.05 in the baseline)");
  });

  test("a run without a probe compares as before, with a warning", async () => {
    const r = await compare(null, probeAt(0.62));
    expect(r.code).toBe(0);
    expect(r.out).toContain("Warning: the baseline has no host probe");
  });
});
