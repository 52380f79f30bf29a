import { beforeAll, describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { exportReports } from "../../../runner/report/export-reports.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { chartConfigs, exportServiceReports, mdRows } from "./service-reports-fixture.ts";
import { serviceRun } from "./service-run-fixture.ts";

let md: string;
let html: string;

beforeAll(async () => {
  ({ md, html } = await exportServiceReports());
});

describe("connection storm and queue drain sections", () => {
  test("report.md: the storm's connections, time to all connected, memory each and the descriptor limit", () => {
    const rows = mdRows(md, "### connection-storm: connection storm");
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
    const rows = mdRows(md, "### queue-drain: queue backlog and drain");
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
    const charts = chartConfigs(html);
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
