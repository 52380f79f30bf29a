import { expect } from "bun:test";
import { type ExportedReports, exportReports } from "../../../runner/report/export-reports.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { serviceRun } from "./service-run-fixture.ts";

/** Every exporter's output for a run of served cells plus one in-container cell. */
export interface ServiceReports {
  exported: ExportedReports;
  md: string;
  html: string;
  csv: string[][];
}

/** Writes the run and exports its reports (one per test file, in its beforeAll). */
export async function exportServiceReports(): Promise<ServiceReports> {
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
  const exported = await exportReports(runDir, { print: false, generatedAt: "2026-11-01T00:00:00.000Z" });
  const md = await Bun.file(exported.files.reportMd).text();
  const html = await Bun.file(exported.files.reportHtml).text();
  const csv = (await Bun.file(exported.files.sizingCsv).text())
    .trimEnd()
    .split("\n")
    .map((l) => l.split(","));
  return { exported, md, html, csv };
}

/** The first Markdown table whose header starts with "size" under the heading `heading`, as trimmed cells. */
export function mdRows(md: string, heading: string): string[][] {
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
export function chartConfigs(
  html: string,
): Map<string, { data: { datasets: Array<{ label: string; data: unknown[] }> } }> {
  const json = html.match(/const SPECS = (\[.*?\]);/s)?.[1] ?? "[]";
  return new Map(JSON.parse(json).map((s: { id: string; config: never }) => [s.id, s.config]));
}
