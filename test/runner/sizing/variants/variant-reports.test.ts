import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { join } from "node:path";
import { CloudRunSettings } from "../../../../runner/config/cloud-run-settings.ts";
import { compareRuns } from "../../../../runner/report/compare-runs.ts";
import { exportReports } from "../../../../runner/report/export-reports.ts";
import type { CellRecord } from "../../../../runner/results/cell-record.ts";
import { buildSizingReport } from "../../../../runner/sizing/build-sizing-report.ts";
import { SizingReport } from "../../../../runner/sizing/sizing-report.ts";
import { fakeCellRecord } from "../fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../write-fixture-run.ts";

/** A fixture cell as variant `name` ran it. */
function asVariant(record: CellRecord, name: string): CellRecord {
  return {
    ...record,
    cell: { ...record.cell, id: `${record.cell.id}__v-${name}`, variant: { name, bunVersion: null } },
  };
}
const cell = (cpus: number, ceilingPerSec: number, jitter = 0.02) =>
  fakeCellRecord({ cpus, memoryMiB: 512, ceilingPerSec, ceilingJitter: jitter, p99AtCeilingMs: 20 });
const records = [
  asVariant(cell(1, 10_000), "base"),
  asVariant(cell(2, 18_000, 0.3), "base"),
  asVariant(cell(1, 5_000), "slow"),
  asVariant(cell(2, 17_000, 0.3), "slow"),
];
const settings = CloudRunSettings.parse({});

let logs: ReturnType<typeof spyOn>;
beforeEach(() => {
  logs = spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => logs.mockRestore());

describe("a run with two variants", () => {
  test("sizing: one section per scenario and variant, and an A/B comparison cell by cell", () => {
    const report = buildSizingReport(records, { runId: "r", settings, variantOrder: ["base", "slow"] });
    expect(SizingReport.safeParse(report).success).toBe(true);
    expect(report.scenarios.map((s) => [s.scenario, s.variant, s.cells.length])).toEqual([
      ["throughput", "base", 2],
      ["throughput", "slow", 2],
    ]);
    const comparison = report.variantComparison;
    expect(comparison?.baseline).toBe("base");
    expect(comparison?.variants.map((v) => v.bunVersion)).toEqual(
      ["1.4.5", "1.4.5"].map(() => expect.any(String)),
    );
    const rows = comparison?.pairs[0]?.rows ?? [];
    expect(rows.map((r) => [r.cpus, r.verdict])).toEqual([
      [1, "beyond-noise"],
      [2, "within-noise"],
    ]);
    expect(rows[0]?.ceilingRatio).toBeCloseTo(0.5, 9);
  });

  test("the variant order of the plan picks the baseline", () => {
    const report = buildSizingReport(records, { runId: "r", settings, variantOrder: ["slow", "base"] });
    expect(report.variantComparison?.pairs[0]).toMatchObject({ a: "slow", b: "base" });
  });

  test("without variants there is no comparison and sections stay per scenario", () => {
    const report = buildSizingReport([cell(1, 10_000)], { runId: "r", settings });
    expect(report.variantComparison).toBeUndefined();
    expect(report.scenarios[0]?.variant).toBeUndefined();
  });

  test("every exporter shows the A/B comparison: terminal, report.md, report.html, variants.csv, sizing.csv", async () => {
    const results = await tempResultsDir();
    const dir = await writeFixtureRun(results, "ab", records);
    const { terminal } = await exportReports(dir, { print: false });
    expect(terminal).toContain("== Variants A/B (A = base");
    expect(terminal).toContain("0.50×");
    expect(terminal).toContain("== throughput · variant slow");
    const md = await Bun.file(join(dir, "report.md")).text();
    expect(md).toContain("## Variants A/B");
    expect(md).toContain(
      "| throughput | 1 vCPU / 512 MiB | 10,000/s (9,800/s–10,200/s, 3 reps) | 5,000/s (4,900/s–5,100/s, 3 reps) | 0.50× | yes: ranges apart",
    );
    expect(md).toContain("| 0.94× | no: ranges overlap");
    const html = await Bun.file(join(dir, "report.html")).text();
    expect(html).toContain("<h2>Variants A/B</h2>");
    expect(html).toContain('<tr class="beyond-noise">');
    expect(html).toContain('id="throughput--v-slow"');
    const csv = (await Bun.file(join(dir, "variants.csv")).text()).trim().split("\n");
    expect(csv).toHaveLength(3);
    expect(csv[0]).toContain("a_variant,a_bun_version");
    expect(csv[1]).toContain(",0.5,beyond-noise,");
    const sizing = await Bun.file(join(dir, "sizing.csv")).text();
    expect(sizing.split("\n")[0]).toEndWith(",variant,bun_version");
    const json = SizingReport.parse(await Bun.file(join(dir, "sizing.json")).json());
    expect(json.variantComparison?.pairs[0]?.rows).toHaveLength(2);
  });

  test("compare across two runs with variants matches each cell with its own variant", () => {
    const a = buildSizingReport(records, { runId: "a", settings });
    const b = buildSizingReport(records.slice(0, 3), { runId: "b", settings });
    const rows = compareRuns(a, b);
    expect(rows.map((r) => [r.variant, r.cpus, r.ceilingRatio, r.b?.cellId ?? null])).toEqual([
      ["base", 1, 1, "throughput__cpu1__mem512Mi__smol0__v-base"],
      ["base", 2, 1, "throughput__cpu2__mem512Mi__smol0__v-base"],
      ["slow", 1, 1, "throughput__cpu1__mem512Mi__smol0__v-slow"],
      ["slow", 2, null, null],
    ]);
  });
});
