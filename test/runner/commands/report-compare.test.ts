import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runCompare } from "../../../runner/commands/compare.ts";
import { runReport } from "../../../runner/commands/report.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { compareRuns } from "../../../runner/report/compare-runs.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord, fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

let logs: ReturnType<typeof spyOn>;
let errors: ReturnType<typeof spyOn>;
beforeEach(() => {
  logs = spyOn(console, "log").mockImplementation(() => {});
  errors = spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  logs.mockRestore();
  errors.mockRestore();
});

describe("report command", () => {
  test("re-renders every report of a stored run", async () => {
    const results = await tempResultsDir();
    const dir = await writeFixtureRun(results, "run-1", fakeMatrix("run-1"));
    expect(await runReport(["report", "run-1"], results)).toBe(0);
    for (const name of ["sizing.json", "sizing.csv", "report.md", "report.html"])
      expect(await Bun.file(join(dir, name)).exists()).toBe(true);
    expect(String(logs.mock.calls.flat().join("\n"))).toContain("Recommendation (cheapest eligible)");
  });
  test("defaults to the latest run", async () => {
    const results = await tempResultsDir();
    const dir = await writeFixtureRun(results, "run-2", fakeMatrix("run-2"));
    expect(await runReport([], results)).toBe(0);
    expect(await Bun.file(join(dir, "report.md")).exists()).toBe(true);
  });
  test("an unknown run is bad input", async () => {
    const results = await tempResultsDir();
    expect(await runReport(["nope"], results)).toBe(2);
    expect(String(errors.mock.calls.flat().join("\n"))).toContain('run "nope" not found');
  });
});

describe("compare", () => {
  const settings = CloudRunSettings.parse({});
  const a = [
    fakeCellRecord({
      cpus: 1,
      memoryMiB: 512,
      ceilingPerSec: 10_000,
      peakMemoryMiB: 200,
      p99AtCeilingMs: 20,
    }),
  ];
  const b = [
    fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 9000, peakMemoryMiB: 250, p99AtCeilingMs: 30 }),
    fakeCellRecord({ cpus: 2, memoryMiB: 512, ceilingPerSec: 9000 }),
  ];

  test("per-cell ceilings A and B, their ratio, the noise verdict, p99 and memory", () => {
    const rows = compareRuns(
      buildSizingReport(a, { runId: "a", settings }),
      buildSizingReport(b, { runId: "b", settings }),
    );
    expect(rows.length).toBe(2);
    expect(rows[0]?.ceilingRatio).toBeCloseTo(0.9, 6);
    expect(rows[0]?.verdict).toBe("beyond-noise");
    expect(rows[0]?.a?.p99AtCeilingMs).toBe(20);
    expect(rows[0]?.b?.p99AtCeilingMs).toBe(30);
    expect(rows[0]?.b?.peakMemoryBytes).toBe(250 * 2 ** 20);
    expect(rows[1]).toMatchObject({
      a: null,
      b: { status: "ok" },
      ceilingRatio: null,
      verdict: "not-judged",
    });
  });

  test("the command prints the A/B table with the ratio and the noise rule", async () => {
    const results = await tempResultsDir();
    await writeFixtureRun(results, "a", a);
    await writeFixtureRun(results, "b", b);
    const out: string[] = [];
    expect(await runCompare(["compare", "a", "b"], results, { out: (t) => out.push(t) })).toBe(0);
    const text = out.join();
    expect(text).toContain("| throughput | 1 vCPU / 512 MiB | 10,000/s (9,800/s–10,200/s, 3 reps) |");
    expect(text).toContain("| 0.90× | yes: ranges apart");
    expect(text).toContain("absent → ok");
    expect(text).toContain("Rule: a difference is beyond the noise");
  });
  test("a run compared with itself is refused, naming both arguments", async () => {
    const results = await tempResultsDir();
    await writeFixtureRun(results, "a", a);
    await writeFile(join(results, "latest.txt"), "a\n");
    const err: string[] = [];
    const code = await runCompare(["compare", "a", "latest"], results, {
      out: () => {},
      err: (t) => err.push(t),
    });
    expect(code).toBe(2);
    expect(err.join()).toContain('"a" and "latest" are the same run (a)');
  });
  test("needs two runs", async () => {
    expect(await runCompare(["compare", "a"], await tempResultsDir(), { out: () => {}, err: () => {} })).toBe(
      2,
    );
  });
});
