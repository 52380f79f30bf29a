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
import { sizingCsvExporter, variantsCsvExporter } from "./report-csv.ts";
import { htmlExporter } from "./report-html.ts";
import { jsonExporter } from "./report-json.ts";
import { markdownExporter } from "./report-markdown.ts";
import { terminalExporter } from "./report-terminal.ts";
import { sizeRunDir } from "./size-run-dir.ts";

export interface ExportOptions {
  /** Overrides the cloudRun section stored with the run. */
  settings?: CloudRunSettingsInput;
  /** Print the terminal tables (default true). */
  print?: boolean;
  generatedAt?: string;
  /** Cloud Run calibrations to plan with; absent: those in <results>/.calibration/; [] plans on local figures. */
  calibrations?: readonly StoredCalibration[];
}

/** What every exporter gets: a finished run's sizing and its cell records (nothing measured here, no Docker). */
export interface FinishedResults {
  report: SizingReport;
  records: CellRecord[];
}

/** Where each written file went, by exporter name (variants.csv only when the run compared variants). */
export interface ExportedFiles {
  reportHtml: string;
  reportMd: string;
  sizingJson: string;
  sizingCsv: string;
  variantsCsv?: string;
}

/** One report format, as hyperfine's Exporter: a name, the file it writes (null: printed), and its text. */
export interface Exporter {
  name: keyof ExportedFiles | "terminal";
  fileName: string | null;
  /** false: the run has nothing for this format (variants.csv without variants). */
  applies: (results: FinishedResults) => boolean;
  render: (results: FinishedResults) => string | Promise<string>;
}

/** Every format, in the order "Reports written" names their files. */
export const EXPORTERS: readonly Exporter[] = [
  htmlExporter,
  markdownExporter,
  jsonExporter,
  sizingCsvExporter,
  variantsCsvExporter,
  terminalExporter,
];

export interface ExportedReports {
  report: SizingReport;
  files: ExportedFiles;
  terminal: string;
}

/** The disk adapter: reads a finished run directory (validated), sizes it, and writes its reports. */
export async function exportReports(runDir: string, options: ExportOptions = {}): Promise<ExportedReports> {
  const calibrations = options.calibrations ?? (await readCalibrations(calibrationDirOf(runDir)));
  const { report, contents } = await sizeRunDir(runDir, options.settings, options.generatedAt, calibrations);
  return writeReports(runDir, report, contents.records, options);
}

/** Finished results in, every exporter's file written under the run directory, the terminal's text printed. */
export async function writeReports(
  runDir: string,
  report: SizingReport,
  records: CellRecord[],
  options: Pick<ExportOptions, "print"> = {},
): Promise<ExportedReports> {
  await mkdir(runDir, { recursive: true });
  const results: FinishedResults = { report, records };
  const files: Partial<Record<Exporter["name"], string>> = {};
  let terminal = "";
  for (const exporter of EXPORTERS.filter((e) => e.applies(results))) {
    const text = await exporter.render(results);
    if (exporter.fileName === null) {
      terminal = text;
      continue;
    }
    files[exporter.name] = join(runDir, exporter.fileName);
    await Bun.write(files[exporter.name] as string, text);
  }
  if (options.print !== false) {
    console.log(terminal);
    console.log(`\nReports written: ${Object.values(files).join(", ")}`);
  }
  return { report, files: files as ExportedFiles, terminal };
}

/** A run in <results>/<run-id> plans with the calibrations in <results>/.calibration/. */
export function calibrationDirOf(runDir: string): string {
  return calibrationDirIn(dirname(runDir));
}
