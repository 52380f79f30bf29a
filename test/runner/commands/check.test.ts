import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type CheckCommandDeps, runCheck } from "../../../runner/commands/check.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run/cloud-run-settings.ts";
import { exportReports } from "../../../runner/report/export-reports.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import type { CheckSize } from "../../../runner/sizing/check-deploy.ts";
import type { FakeCell } from "../sizing/fake/fake-cell.ts";
import { fakeCellRecord, fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

const MIB = 1024 * 1024;

/** A fake runner: each call returns the next list of ceilings (one record per scenario). */
function fakeRunner(ceilingsPerCall: Array<Array<number | null>>, extra: Partial<FakeCell> = {}) {
  const calls: CheckSize[] = [];
  const runCells = async (size: CheckSize): Promise<CellRecord[]> => {
    const ceilings = ceilingsPerCall[Math.min(calls.length, ceilingsPerCall.length - 1)] ?? [];
    calls.push(size);
    return ceilings.map((ceilingPerSec, i) =>
      fakeCellRecord({
        scenario: size.scenario ?? ["throughput", "fanout"][i],
        cpus: size.cpus,
        memoryMiB: size.memoryBytes / MIB,
        smol: size.smol,
        ceilingPerSec,
        peakMemoryMiB: 200,
        ...extra,
      }),
    );
  };
  return { calls, runCells };
}

async function run(
  argv: string[],
  deps: Partial<CheckCommandDeps> & { runCells: CheckCommandDeps["runCells"]; env?: Record<string, string> },
) {
  const out: string[] = [];
  const err: string[] = [];
  const { env, ...rest } = deps;
  const code = await runCheck(
    argv,
    { resultsDir: await tempResultsDir(), loadSettings: () => CloudRunSettings.parse({}), ...rest },
    { env: env ?? {}, out: (t) => out.push(t), err: (t) => err.push(t) },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const size = ["--cpus", "1", "--memory", "512Mi", "--scenario", "throughput"];

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
    expect(r.out).toContain("SLO");
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
