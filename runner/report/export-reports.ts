import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { CloudRunSettingsInput } from "../sizing/cloud-run-settings.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { chartJsSource, reportHtml } from "./report-html.ts";
import { reportMarkdown } from "./report-markdown.ts";
import { sizeRunDir } from "./size-run-dir.ts";
import { sizingCsv } from "./sizing-csv.ts";
import { terminalTables } from "./terminal-tables.ts";

export interface ExportOptions {
  /** Overrides the cloudRun section stored with the run. */
  settings?: CloudRunSettingsInput;
  /** Print the terminal tables (default true). */
  print?: boolean;
  generatedAt?: string;
}

export interface ExportedReports {
  report: SizingReport;
  files: { sizingJson: string; sizingCsv: string; reportMd: string; reportHtml: string };
  problems: string[];
  terminal: string;
}

/** Reads a finished run directory, sizes it, writes sizing.json/.csv, report.md/.html and prints the tables. */
export async function exportReports(runDir: string, options: ExportOptions = {}): Promise<ExportedReports> {
  const { report, contents } = await sizeRunDir(runDir, options.settings, options.generatedAt);
  await mkdir(runDir, { recursive: true });
  const files = {
    sizingJson: join(runDir, "sizing.json"),
    sizingCsv: join(runDir, "sizing.csv"),
    reportMd: join(runDir, "report.md"),
    reportHtml: join(runDir, "report.html"),
  };
  await Bun.write(files.sizingJson, `${JSON.stringify(report, null, 2)}\n`);
  await Bun.write(files.sizingCsv, sizingCsv(report));
  await Bun.write(files.reportMd, reportMarkdown(report));
  await Bun.write(files.reportHtml, reportHtml(report, contents.records, await chartJsSource()));
  const terminal = terminalTables(report);
  if (options.print !== false) {
    console.log(terminal);
    for (const problem of contents.problems) console.error(`[report] skipped ${problem}`);
    console.log(
      `\nReports written: ${files.reportHtml}, ${files.reportMd}, ${files.sizingJson}, ${files.sizingCsv}`,
    );
  }
  return { report, files, problems: contents.problems, terminal };
}
