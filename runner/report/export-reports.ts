import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { CloudRunSettingsInput } from "../config/cloud-run-settings.ts";
import type { CellRecord } from "../results/cell-record.ts";
import {
  calibrationDirIn,
  readCalibrations,
  type StoredCalibration,
} from "../results/cloud-run-calibration.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { fixedShapeMarkdown } from "./fixed-shape-markdown.ts";
import { fixedShapeTerminal } from "./fixed-shape-terminal.ts";
import { chartJsSource, reportHtml } from "./report-html.ts";
import { reportMarkdown } from "./report-markdown.ts";
import { sizeRunDir } from "./size-run-dir.ts";
import { sizingCsv } from "./sizing-csv.ts";
import { terminalTables } from "./terminal-tables.ts";
import { variantsCsv } from "./variants-csv.ts";

export interface ExportOptions {
  /** Overrides the cloudRun section stored with the run. */
  settings?: CloudRunSettingsInput;
  /** Print the terminal tables (default true). */
  print?: boolean;
  generatedAt?: string;
  /** Cloud Run calibrations to plan with; absent: those in <results>/.calibration/; [] plans on local figures. */
  calibrations?: readonly StoredCalibration[];
}

export interface ExportedReports {
  report: SizingReport;
  files: { sizingJson: string; sizingCsv: string; reportMd: string; reportHtml: string };
  terminal: string;
}

/** The disk adapter: reads a finished run directory (validated), sizes it, and writes its reports. */
export async function exportReports(runDir: string, options: ExportOptions = {}): Promise<ExportedReports> {
  const calibrations = options.calibrations ?? (await readCalibrations(calibrationDirOf(runDir)));
  const { report, contents } = await sizeRunDir(runDir, options.settings, options.generatedAt, calibrations);
  return writeReports(runDir, report, contents.records, options);
}

/** The exporter: in-memory results in, sizing.json/.csv, report.md/.html out, and the tables printed. */
export async function writeReports(
  runDir: string,
  report: SizingReport,
  records: CellRecord[],
  options: Pick<ExportOptions, "print"> = {},
): Promise<ExportedReports> {
  await mkdir(runDir, { recursive: true });
  const files = {
    sizingJson: join(runDir, "sizing.json"),
    sizingCsv: join(runDir, "sizing.csv"),
    reportMd: join(runDir, "report.md"),
    reportHtml: join(runDir, "report.html"),
  };
  await Bun.write(files.sizingJson, `${JSON.stringify(report, null, 2)}\n`);
  await Bun.write(files.sizingCsv, sizingCsv(report));
  await Bun.write(files.reportMd, `${reportMarkdown(report)}\n${fixedShapeMarkdown(records)}`);
  await Bun.write(files.reportHtml, reportHtml(report, records, await chartJsSource()));
  if (report.variantComparison)
    await Bun.write(join(runDir, "variants.csv"), variantsCsv(report.variantComparison));
  const host = report.host
    ? `${report.host.line}\n${report.host.drift ? `${report.host.drift}\n` : ""}\n`
    : "";
  const terminal = `${host}${terminalTables(report)}${fixedShapeTerminal(records)}`;
  if (options.print !== false) {
    console.log(terminal);
    console.log(
      `\nReports written: ${files.reportHtml}, ${files.reportMd}, ${files.sizingJson}, ${files.sizingCsv}${report.variantComparison ? `, ${join(runDir, "variants.csv")}` : ""}`,
    );
  }
  return { report, files, terminal };
}

/** A run in <results>/<run-id> plans with the calibrations in <results>/.calibration/. */
export function calibrationDirOf(runDir: string): string {
  return calibrationDirIn(dirname(runDir));
}
