import { beforeAll, describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run/cloud-run-settings.ts";
import { cellLine } from "../../../runner/progress/cell-line.ts";
import { type ExportedReports, exportReports } from "../../../runner/report/export-reports.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { serviceRun } from "./service-run-fixture.ts";

let exported: ExportedReports;
let md: string;
let html: string;
let csv: string[][];

/** The first Markdown table whose header starts with "size" under the heading `heading`, as trimmed cells. */
function mdRows(heading: string): string[][] {
  const from = md.indexOf(heading);
  expect(from).toBeGreaterThanOrEqual(0);
  const lines = md.slice(from).split("\n");
  const start = lines.findIndex((l) => l.startsWith("| size |"));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith("|"));
  return lines.slice(start, end).map((l) =>
    l
      .slice(1, -1)
      .split(" | ")
      .map((c) => c.trim()),
  );
}

/** The chart configs report.html boots, by canvas id. */
function chartConfigs(): Map<string, { data: { datasets: Array<{ label: string; data: unknown[] }> } }> {
  const json = html.match(/const SPECS = (\[.*?\]);/s)?.[1] ?? "[]";
  return new Map(JSON.parse(json).map((s: { id: string; config: never }) => [s.id, s.config]));
}

beforeAll(async () => {
  const runId = "run-service";
  const inContainer = fakeCellRecord({ runId, cpus: 1, memoryMiB: 512, ceilingPerSec: 9000 });
  const runDir = await writeFixtureRun(
    await tempResultsDir(),
    runId,
    [...(await serviceRun(runId)), inContainer],
    {
      cloudRun: { targetPerSec: 5000 },
    },
  );
  exported = await exportReports(runDir, { print: false, generatedAt: "2026-11-01T00:00:00.000Z" });
  md = await Bun.file(exported.files.reportMd).text();
  html = await Bun.file(exported.files.reportHtml).text();
  csv = (await Bun.file(exported.files.sizingCsv).text())
    .trimEnd()
    .split("\n")
    .map((l) => l.split(","));
});

describe("units and latency kinds in every exporter", () => {
  test("sizing.json: per scenario its unit and latency kind", () => {
    const by = new Map(exported.report.scenarios.map((s) => [s.scenario, s]));
    expect(by.get("ingest")).toMatchObject({ rateUnit: "req/s", latencyKind: "request" });
    expect(by.get("e2e")).toMatchObject({ rateUnit: "publishes/s", latencyKind: "end-to-end" });
    expect(by.get("throughput")).toMatchObject({ rateUnit: "msg/s", latencyKind: "end-to-end" });
  });

  test("report.md: server cells say req/s (or the script's publishes/s), in-container cells msg/s", () => {
    const header = (heading: string) => mdRows(heading)[0];
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

describe("connection storm and queue drain sections", () => {
  test("report.md: the storm's connections, time to all connected, memory each and the descriptor limit", () => {
    const rows = mdRows("### connection-storm: connection storm");
    expect(rows[0]).toEqual([
      "size",
      "status",
      "attempted",
      "connected",
      "failed",
      "all connected after ms",
      "connect p50 / p99 ms",
      "memory / connection",
      "acknowledged / kept",
      "descriptor limit",
    ]);
    expect(rows[2]).toEqual([
      "1 vCPU / 256Mi",
      "ok",
      "10,000",
      "10,000",
      "0",
      "3,100",
      "2,500 / 3,000",
      "4.1 KiB",
      "10,000 / 10,000",
      "Docker's default",
    ]);
    expect(rows[3]?.slice(0, 3)).toEqual(["1 vCPU / 512Mi, nofile 4096", "fd-limit", "10,000"]);
    expect(rows[3]?.at(-1)).toBe("hit: nofile 4096");
  });

  test("report.md: the queue's rates, saturation, peak backlog (median of repetitions) and drain time", () => {
    const rows = mdRows("### queue-drain: queue backlog and drain");
    expect(rows[0]).toContain("saturation (created ÷ processed)");
    expect(rows[2]).toEqual([
      "1 vCPU / 256Mi",
      "ok",
      "1,000",
      "993",
      "711",
      "1.40",
      "800",
      "1,463",
      "2,200 ms",
    ]);
  });

  test("report.html: the tables, and charts of connections, memory per connection and backlog over time", () => {
    expect(html).toContain("<h2>connection-storm: connection storm (fixed-shape workload)</h2>");
    expect(html).toContain("<td>hit: nofile 4096</td>");
    expect(html).toContain("<h2>queue-drain: queue backlog and drain (fixed-shape workload)</h2>");
    const charts = chartConfigs();
    const expected = Number(html.match(/data-charts-expected="(\d+)"/)?.[1]);
    expect(expected).toBe(charts.size);
    const storm = charts.get("chart-fixed-0-connections");
    expect(storm?.data.datasets.map((d) => [d.label, d.data])).toEqual([
      ["connected", [10000]],
      ["failed", [0]],
      ["all connected after (ms)", [3100]],
    ]);
    expect(charts.get("chart-fixed-0-memory")?.data.datasets[0]?.data).toEqual([4.1]);
    const backlog = charts.get("chart-fixed-1-backlog")?.data.datasets ?? [];
    expect(backlog[0]?.label).toBe("1 vCPU / 256Mi");
    // The first repetition's series (a series has no median), in seconds.
    expect(backlog[0]?.data).toEqual([
      { x: 0, y: 0 },
      { x: 2.5, y: 713 },
      { x: 5, y: 1426 },
      { x: 6.1, y: 713 },
      { x: 7.2, y: 0 },
    ]);
    expect(backlog[1]?.label).toBe("production ends (5.0 s)");
  });

  test("a stored timeline that does not parse is named, never drawn as empty", async () => {
    const records = (await serviceRun("run-bad")).map((r) =>
      r.cell.scenario !== "queue-drain"
        ? r
        : {
            ...r,
            repetitions: r.repetitions.map((rep) =>
              rep.result
                ? {
                    ...rep,
                    result: {
                      ...rep.result,
                      parameters: { ...rep.result.parameters, "timeline.backlogMessages": "oops" },
                    },
                  }
                : rep,
            ),
          },
    );
    const runDir = await writeFixtureRun(await tempResultsDir(), "run-bad", records);
    const { files, terminal } = await exportReports(runDir, { print: false });
    const page = await Bun.file(files.reportHtml).text();
    expect(page).not.toContain("chart-fixed-1-backlog");
    expect(page).toContain(
      "stored timeline unreadable (repetition 0: parameter timeline.backlogMessages is not JSON)",
    );
    expect(await Bun.file(files.reportMd).text()).toContain("stored timeline unreadable");
    expect(terminal).toContain("stored timeline unreadable");
  });
});

describe("the sub-1-vCPU concurrency finding reads each cell's concurrency", () => {
  test("cells already measured at concurrency 1 get no advice to set it; in-process cells get the setting's", async () => {
    const size = (records: Awaited<ReturnType<typeof serviceRun>>) =>
      buildSizingReport(records, { runId: "r", settings: CloudRunSettings.parse({ targetPerSec: 100 }) });
    const served = size(await serviceRun("r"));
    for (const s of served.scenarios) expect(s.findings.join(" ")).not.toContain("concurrency 1 only");
    const inProcess = size([fakeCellRecord({ cpus: 0.5, memoryMiB: 512, ceilingPerSec: 1000 })]);
    expect(inProcess.scenarios[0]?.findings.join(" ")).toContain("set cloudRun.concurrency: 1 to size them");
  });
});
