import { beforeAll, describe, expect, test } from "bun:test";
import { cellLine } from "../../../runner/progress/cell-line.ts";
import type { ExportedReports } from "../../../runner/report/export-reports.ts";
import { exportServiceReports, mdRows } from "./service-reports-fixture.ts";
import { serviceRun } from "./service-run-fixture.ts";

let exported: ExportedReports;
let md: string;
let html: string;
let csv: string[][];

beforeAll(async () => {
  ({ exported, md, html, csv } = await exportServiceReports());
});

describe("units and latency kinds in every exporter", () => {
  test("sizing.json: per scenario its unit and latency kind", () => {
    const by = new Map(exported.report.scenarios.map((s) => [s.scenario, s]));
    expect(by.get("ingest")).toMatchObject({ rateUnit: "req/s", latencyKind: "request" });
    expect(by.get("e2e")).toMatchObject({ rateUnit: "publishes/s", latencyKind: "end-to-end" });
    expect(by.get("throughput")).toMatchObject({ rateUnit: "msg/s", latencyKind: "end-to-end" });
  });

  test("report.md: server cells say req/s (or the script's publishes/s), in-container cells msg/s", () => {
    const header = (heading: string) => mdRows(md, heading)[0];
    expect(header("## ingest")).toContain("planning ceiling req/s");
    expect(header("## ingest")).toContain("request p50/p95/p99 ms");
    expect(header("## e2e")).toContain("planning ceiling publishes/s");
    expect(header("## e2e")).toContain("end-to-end p50/p95/p99 ms");
    expect(header("## throughput")).toContain("planning ceiling msg/s");
    expect(md).toContain("for 5,000 req/s at request p99 ≤ 50 ms");
    expect(md).toContain("for 5,000 publishes/s at end-to-end p99 ≤ 50 ms");
    expect(md).toContain("per million messages");
    const ingestSection = md.slice(md.indexOf("## ingest"), md.indexOf("## throughput"));
    expect(ingestSection).not.toContain("msg/s");
  });

  test("report.html: tables and chart axes name the unit and the latency", () => {
    expect(html).toContain("<th>planning ceiling req/s</th>");
    expect(html).toContain("<th>planning ceiling publishes/s</th>");
    expect(html).toContain("<th>planning ceiling msg/s</th>");
    expect(html).toContain("<th>end-to-end p50/p95/p99 ms</th>");
    expect(html).toContain('"text":"offered load (req/s)"');
    expect(html).toContain('"text":"offered load (publishes/s)"');
    expect(html).toContain('"text":"offered load (msg/s)"');
    expect(html).toContain('"text":"end-to-end p99 latency (ms, log)"');
  });

  test("terminal and CSV say the same", () => {
    expect(exported.terminal).toContain("planning req/s");
    expect(exported.terminal).toContain("planning publishes/s");
    expect(exported.terminal).toContain("planning msg/s");
    const [header = [], ...rows] = csv;
    const unit = header.indexOf("rate_unit");
    const kind = header.indexOf("latency_kind");
    const of = (scenario: string) => rows.find((r) => r[0] === scenario) ?? [];
    expect([of("ingest")[unit], of("ingest")[kind]]).toEqual(["req/s", "request"]);
    expect([of("e2e")[unit], of("e2e")[kind]]).toEqual(["publishes/s", "end-to-end"]);
    expect([of("throughput")[unit], of("throughput")[kind]]).toEqual(["msg/s", "end-to-end"]);
  });

  test("the progress line uses the same unit", async () => {
    const records = await serviceRun("r");
    const e2e = records.find((r) => r.cell.scenario === "e2e");
    const ingest = records.find((r) => r.cell.scenario === "ingest");
    expect(e2e && cellLine(e2e)).toContain("publishes/s");
    expect(ingest && cellLine(ingest)).toContain("req/s");
  });
});

describe("the binding autoscaling rule in every exporter", () => {
  test("the whole-service answer names the rule that sets its count, with the rates it read", () => {
    const rec = exported.report.serviceRecommendation;
    const driver = rec?.scalingDriver;
    expect(["cpu", "concurrency", "ceiling"]).toContain(driver ?? "");
    const words = { cpu: "CPU", concurrency: "concurrency", ceiling: "SLO ceiling" }[driver as "cpu"];
    for (const text of [exported.terminal, md, html])
      expect(text).toContain(`Instances: ${rec?.instances}, set by Cloud Run's ${words} rule at`);
    expect(exported.terminal).toContain(`billing (Cloud Run's ${words} rule binds)`);
  });
});
