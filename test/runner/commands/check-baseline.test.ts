import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { exportReports } from "../../../runner/report/export-reports.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { fakeRunner, run, size } from "./check-fixture.ts";

describe("check against a baseline", () => {
  async function withBaseline(ceilingsPerCall: number[][], extraArgs: string[] = []) {
    const resultsDir = await tempResultsDir();
    await writeFixtureRun(resultsDir, "base", [
      fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000 }),
    ]);
    const fake = fakeRunner(ceilingsPerCall);
    const r = await run(
      [...size, "--target", "1000", "--instances", "1", "--baseline", "base", ...extraArgs],
      {
        ...fake,
        resultsDir,
      },
    );
    return { ...r, calls: fake.calls.length };
  }
  test("a confirmed drop beyond --fail-pct fails after one re-run", async () => {
    const r = await withBaseline([[8000], [8100]]);
    expect(r.calls).toBe(2);
    expect(r.code).toBe(1);
    expect(r.out).toContain("confirmed by a re-run");
  });
  test("runs that disagree are judged on the worse one, and the verdict names it", async () => {
    const r = await withBaseline([[8000], [9900]]);
    expect(r.calls).toBe(2);
    expect(r.code).toBe(1);
    expect(r.out).toContain("judged on the first run");
    expect(r.out).toContain(
      "(judged on the first run, the worse: first run 20.0%, re-run 1.0%; the runs disagree)",
    );
  });
  test("a worse re-run is the one judged: its lower ceiling sets the capacity", async () => {
    const r = await withBaseline([[8000], [7000]], ["--fail-pct", "15"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("ceiling 7,000/s");
    expect(r.out).toContain("judged on the re-run");
    expect(r.out).toContain(
      "ceiling dropped 30.0% against the baseline (fail over 15%) (judged on the re-run",
    );
  });
  test("a drop between warn and fail warns without a re-run", async () => {
    const r = await withBaseline([[9300]]);
    expect(r.calls).toBe(1);
    expect(r.code).toBe(0);
    expect(r.out).toContain("dropped 7.0%");
  });
  test("thresholds come from --warn-pct/--fail-pct", async () => {
    const r = await withBaseline([[9300], [9300]], ["--fail-pct", "5", "--warn-pct", "2"]);
    expect(r.code).toBe(1);
  });
  test("a gain passes", async () => {
    const r = await withBaseline([[11_000]]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("PASS");
  });
  test("a baseline that is a sizing.json works too", async () => {
    const resultsDir = await tempResultsDir();
    const dir = await writeFixtureRun(resultsDir, "base", [
      fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000 }),
    ]);
    await exportReports(dir, { print: false });
    const fake = fakeRunner([[8000], [8000]]);
    const args = [...size, "--target", "1000", "--instances", "1", "--baseline", join(dir, "sizing.json")];
    const r = await run(args, { ...fake, resultsDir });
    expect(r.code).toBe(1);
  });
});
