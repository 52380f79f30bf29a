import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type ExportedReports, exportReports } from "../../../runner/report/export-reports.ts";
import { SIZING_CSV_COLUMNS } from "../../../runner/report/report-csv.ts";
import { readRunDir } from "../../../runner/report/size-run-dir.ts";
import { RunStoreError } from "../../../runner/results/run-store.ts";
import { SizingReport } from "../../../runner/sizing/sizing-report.ts";
import { fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

let exported: ExportedReports;
let runDir: string;

beforeAll(async () => {
  const results = await tempResultsDir();
  runDir = await writeFixtureRun(
    results,
    "run-export",
    [...fakeMatrix(), ...fakeMatrix("run-export", "fanout")],
    { cloudRun: { targetPerSec: 20_000 } },
  );
  exported = await exportReports(runDir, { print: false, generatedAt: "2026-11-01T00:00:00.000Z" });
});

describe("exportReports", () => {
  test("takes the cloudRun settings from run.json's plan", () => {
    expect(exported.report.settings.targetPerSec).toBe(20_000);
    expect(exported.report.runId).toBe("run-export");
  });

  test("sizing.json round-trips through the schema", async () => {
    const json = await Bun.file(exported.files.sizingJson).json();
    expect(SizingReport.parse(json)).toEqual(exported.report);
  });

  test("sizing.csv has the documented columns and one row per cell", async () => {
    const lines = (await Bun.file(exported.files.sizingCsv).text()).trimEnd().split("\n");
    expect(lines[0]).toBe(SIZING_CSV_COLUMNS.map(([name]) => name).join(","));
    expect(lines.length - 1).toBe(2 * 19);
    const header = (lines[0] ?? "").split(",");
    const recommended = lines.find((l) => l.includes("throughput__cpu1__mem256Mi__smol0")) ?? "";
    expect(recommended.split(",")[header.indexOf("cpus")]).toBe("1");
    expect(recommended.endsWith("cheapest balanced")).toBe(true);
    // a field with commas is quoted, so the row keeps its column count
    expect(
      lines.some((l) =>
        l.includes(
          '"below 1 vCPU: concurrency 1, request-based billing, first-generation execution environment"',
        ),
      ),
    ).toBe(true);
  });

  test("report.md names the size, the command and the findings per scenario", async () => {
    const md = await Bun.file(exported.files.reportMd).text();
    expect(md).toContain("# Cloud Run sizing: run run-export");
    expect(md).toContain("## fanout");
    expect(md).toContain("## throughput");
    expect(md).toContain("**Deploy 1 vCPU / 256 MiB** with 4 instances");
    expect(md).toContain("```sh\ngcloud run deploy SERVICE --image IMAGE --cpu 1 --memory 256Mi");
    expect(md).toContain("More CPUs do not raise the ceiling");
    expect(md).toContain("| strategy | size |");
    expect(md).toContain("## Search cost");
  });

  test("report.html is self-contained: Chart.js inlined, nothing fetched", async () => {
    const html = await Bun.file(exported.files.reportHtml).text();
    expect(html).toContain("Chart.js v4");
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+href=/);
    expect(html).toContain('data-charts-expected="12"'); // 6 charts a scenario: the load curve among them
  });

  test("the terminal view has one table per scenario and the recommendation", () => {
    expect(exported.terminal).toContain("== fanout");
    expect(exported.terminal).toContain("== throughput");
    expect(exported.terminal).toContain("Recommendation (cheapest eligible): 1 vCPU / 256 MiB × 4");
    expect(exported.terminal).toContain("exceeds-host");
  });
});

describe("readRunDir", () => {
  test("a damaged cell file stops with its name", async () => {
    const results = await tempResultsDir();
    const dir = await writeFixtureRun(results, "run-bad", fakeMatrix().slice(0, 2));
    await Bun.write(join(dir, "cells", "broken.json"), "{not json");
    await expect(readRunDir(dir)).rejects.toThrow(join(dir, "cells", "broken.json"));
  });
  test("a missing run is bad input naming run.json", async () => {
    const results = await tempResultsDir();
    await expect(readRunDir(join(results, "nope"))).rejects.toBeInstanceOf(RunStoreError);
    await expect(readRunDir(join(results, "nope"))).rejects.toThrow("run.json");
  });
  test("invalid stored cloudRun settings stop it, never defaulted", async () => {
    const results = await tempResultsDir();
    const dir = await writeFixtureRun(results, "run-x", fakeMatrix().slice(0, 1), {
      cloudRun: { targetPerSec: -1 },
    });
    await expect(exportReports(dir, { print: false })).rejects.toThrow(join(dir, "run.json"));
  });
});
