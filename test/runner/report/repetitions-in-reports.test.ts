import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { chartSpecs } from "../../../runner/report/charts/chart-specs.ts";
import { sizingCsv } from "../../../runner/report/report-csv.ts";
import { reportHtml } from "../../../runner/report/report-html.ts";
import { reportMarkdown } from "../../../runner/report/report-markdown.ts";
import { terminalTables } from "../../../runner/report/report-terminal.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

const agreeing = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 9000 });
const disagreeing = fakeCellRecord({
  cpus: 2,
  memoryMiB: 512,
  ceilingPerSec: 9000,
  ceilingJitter: 0.08,
  repetitions: 6,
});
const records = [agreeing, disagreeing];
const report = buildSizingReport(records, {
  runId: "r",
  settings: CloudRunSettings.parse({ targetPerSec: 1000 }),
  generatedAt: "2026-11-01T00:00:00.000Z",
});

describe("every exporter shows the planning figure, the spread beside it, the repetitions run and a wide cell", () => {
  test("terminal", () => {
    const text = terminalTables(report);
    expect(text).toMatch(/│ 9,000 +│ 8,820–9,180, CV 2\.0% +│ 3\/3 ok/);
    expect(text).toMatch(/│ 7,200 \(lowest\) +│ 7,200–10,800, CV 15\.0% +│ 6\/6 ok/);
    expect(text).toContain("ok, wide");
  });
  test("Markdown", () => {
    const md = reportMarkdown(report);
    expect(md).toContain("| 7,200 (lowest) | 7,200–10,800, CV 15.0% wide | 6/6 ok |");
  });
  test("HTML", () => {
    const html = reportHtml(report, records, "");
    expect(html).toContain("<td>7,200 (lowest)</td><td>7,200–10,800, CV 15.0%, 6/6 ok <b>⚠ wide</b>");
  });
  test("CSV", () => {
    const [header, ...rows] = sizingCsv(report).trimEnd().split("\n");
    const columns = (header ?? "").split(",");
    const row = (rows.find((r) => r.includes("cpu2")) ?? "").split(",");
    const at = (name: string) => row[columns.indexOf(name)];
    expect([at("repetitions_run"), at("disagrees"), at("wide"), at("planning_basis")]).toEqual([
      "6",
      "true",
      "true",
      "lowest-confirmed",
    ]);
    expect(Number(at("planning_ceiling_per_sec"))).toBe(7200);
    expect(Number(at("ceiling_cv"))).toBeCloseTo(0.15, 2);
  });
  test("the p99 chart marks the confirming step, the one the tables report", () => {
    const scenario = report.scenarios[0];
    if (!scenario) throw new Error("no scenario");
    const p99 = chartSpecs(scenario, new Map(records.map((r) => [r.cell.id, r])), 0).find((c) =>
      c.id.includes("p99"),
    );
    const config = p99?.config as
      | { data: { datasets: Array<{ label: string; data: unknown[] }> } }
      | undefined;
    const datasets = config?.data.datasets ?? [];
    const marked = datasets.find((d) => d.label === "ceiling (confirming step)");
    expect(marked?.data).toContainEqual({ x: 8820, y: 30 }); // the first repetition's confirmation (0.98 × 9,000)
  });
});
