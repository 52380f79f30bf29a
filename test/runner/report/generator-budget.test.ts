import { expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { reportMarkdown } from "../../../runner/report/report-markdown.ts";
import { terminalTables } from "../../../runner/report/report-terminal.ts";
import { CellRecord } from "../../../runner/results/cell-record.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { INGEST, servedRecord } from "./service-run-fixture.ts";

const point = (offeredPerSec: number, cpuUs: number, p99Ms: number) => ({
  offeredPerSec,
  achievedPerSec: offeredPerSec,
  droppedRequests: 0,
  generatorCpuMicrosPerRequest: cpuUs,
  p99Ms,
  sendLagP99Ms: 1.04,
  serviceCpuCores: 0.5,
});

/** A server-mode record whose generator carries a calibration of two offered rates. */
function calibrated(): CellRecord {
  const record = servedRecord({ runId: "r", cpus: 1, memoryMiB: 512, ceilingPerSec: 5000, workload: INGEST });
  const service = record.cell.service;
  if (!service) throw new Error("fixture without a service");
  const generator = {
    ...service.generator,
    calibration: [point(10_000, 22.1, 3.13), point(40_000, 14, 19.34)],
  };
  return CellRecord.parse({ ...record, cell: { ...record.cell, service: { ...service, generator } } });
}

const settings = CloudRunSettings.parse({ targetPerSec: 1000 });

test("server mode: the report shows the generator's CPU per request and own p99 per offered rate", () => {
  const report = buildSizingReport([calibrated()], { runId: "r", settings });
  expect(report.loadGenerator?.calibration?.map((p) => p.offeredPerSec)).toEqual([10_000, 40_000]);
  const md = reportMarkdown(report);
  expect(md).toContain("## Load generator: bun-generator 0.1.0");
  expect(md).toContain("| 40000 | 40000 | 14.0 | 19.34 | 1.04 |");
  expect(terminalTables(report)).toContain("== Load generator: bun-generator 0.1.0 ==");
});

test("in-container runs have no generator section", () => {
  const report = buildSizingReport(
    [fakeCellRecord({ runId: "r", cpus: 1, memoryMiB: 512, ceilingPerSec: 9000 })],
    {
      runId: "r",
      settings,
    },
  );
  expect(report.loadGenerator).toBeUndefined();
  expect(reportMarkdown(report)).not.toContain("Load generator");
});
