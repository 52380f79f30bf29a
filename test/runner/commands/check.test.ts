import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { CheckCommandDeps } from "../../../runner/commands/check/check.ts";
import { exportReports } from "../../../runner/report/export-reports.ts";
import { fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { fakeRunner, MIB, run, size } from "./check-fixture.ts";

describe("check verdicts", () => {
  test("passes when ceiling × instances × utilization reaches the target", async () => {
    const fake = fakeRunner([[9000]]);
    const r = await run([...size, "--target", "10000", "--instances", "2"], fake);
    expect(r.code).toBe(0);
    expect(r.out).toContain("PASS");
    expect(fake.calls).toEqual([{ cpus: 1, memoryBytes: 512 * MIB, smol: false, scenario: "throughput" }]);
  });
  test("fails when the instances cannot carry the target", async () => {
    const r = await run([...size, "--target", "10000", "--instances", "1"], fakeRunner([[9000]]));
    expect(r.code).toBe(1);
    expect(r.out).toContain("capacity 5400 msg/s");
  });
  test("fails when no load met the SLO", async () => {
    const r = await run([...size, "--target", "100", "--instances", "1"], fakeRunner([[null]]));
    expect(r.code).toBe(1);
    expect(r.out).toContain("no load met the SLO (p99 ≤");
    expect(r.out).toContain("≥ 95% of the rate delivered");
  });
  test("fails when the cell OOMs", async () => {
    const r = await run(
      [...size, "--target", "100", "--instances", "1"],
      fakeRunner([[9000]], { status: "oom", repetitionStatuses: ["oom", "oom", "oom"] }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain("ended oom");
  });
  test("a disagreeing cell warns: gate on its lowest ceiling on a quiet host, re-run when host load disturbed it", async () => {
    const args = [...size, "--target", "100", "--instances", "1"];
    const quiet = await run(args, fakeRunner([[9000]], { ceilingJitter: 0.2 }));
    expect(quiet.out).toContain(
      "the host was quiet, so the ceiling varies between containers; gated on its lowest confirmed",
    );
    const runner = fakeRunner([[9000]], { ceilingJitter: 0.2 });
    const runCells: CheckCommandDeps["runCells"] = async (s) =>
      (await runner.runCells(s)).map((record) => {
        const rep = record.repetitions[0];
        if (rep) rep.contended = true;
        return record;
      });
    const busy = await run(args, { runCells });
    expect(busy.out).toContain("other host load disturbed 1 repetition(s); re-run on a quiet host");
  });
  test("fails a size Cloud Run cannot deploy", async () => {
    const r = await run(
      ["--cpus", "0.5", "--memory", "512Mi", "--target", "10", "--instances", "1"],
      fakeRunner([[9000]]),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain("not deployable on Cloud Run");
  });
  test("every scenario must hold: one failing scenario fails the check", async () => {
    const r = await run(
      ["--cpus", "1", "--memory", "512Mi", "--target", "5000", "--instances", "1"],
      fakeRunner([[9000, 3000]]),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain("PASS throughput");
    expect(r.out).toContain("FAIL fanout");
  });
});

describe("check input and outputs", () => {
  test.each([
    [["--cpus", "1", "--memory", "512Mi"], "target"],
    [["--cpus", "1", "--target", "10"], "together"],
    [["--smol", "--target", "10"], "--smol is part of a size"],
    [["--cpus", "1", "--memory", "lots", "--target", "10"], '--memory "lots"'],
    [["--cpus", "1", "--memory", "512Mi", "--target", "10", "--bogus"], "bogus"],
    [["--cpus", "-1", "--memory", "512Mi", "--target", "10"], "cpus"],
    [["--target", "10"], "no latest run"],
    [["--cpus", "1", "--memory", "512Mi", "--target", "10", "--baseline", "missing-run"], "not found"],
  ])("bad input %p exits 2", async (argv, hint) => {
    const fake = fakeRunner([[9000]]);
    const r = await run(argv, fake);
    expect(r.code).toBe(2);
    expect(r.err).toContain(hint);
    expect(fake.calls.length).toBe(0);
  });

  test("without a size it checks the latest recommendation", async () => {
    const resultsDir = await tempResultsDir();
    const dir = await writeFixtureRun(resultsDir, "latest-run", fakeMatrix("latest-run"));
    await exportReports(dir, { print: false });
    const fake = fakeRunner([[9000]]);
    const r = await run(["--target", "10000"], { ...fake, resultsDir });
    expect(fake.calls[0]).toMatchObject({ cpus: 1, memoryBytes: 256 * MIB, smol: false });
    expect(r.out).toContain("× 2 instances");
    expect(r.code).toBe(0);
  });

  test("writes the GitHub step summary and JUnit XML", async () => {
    const resultsDir = await tempResultsDir();
    const summary = join(resultsDir, "summary.md");
    const junit = join(resultsDir, "check.xml");
    const r = await run([...size, "--target", "10000", "--instances", "1", "--junit", junit], {
      ...fakeRunner([[9000]]),
      resultsDir,
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.code).toBe(1);
    expect(await Bun.file(summary).text()).toContain("### Cloud Run pre-deploy check: ❌ fail");
    const xml = await Bun.file(junit).text();
    expect(xml).toContain('<testsuites tests="1" failures="1">');
    expect(xml).toContain("<failure message=");
  });
});
