import { z } from "zod";
import { DAMAGED_NEXT_STEP, RunStoreError, readJsonFile } from "../results/run-store.ts";
import { SizingReport } from "../sizing/sizing-report.ts";
import type { Exporter } from "./export-reports.ts";

/** sizing.json: the whole sizing as data, two-space indented, what `check` and `compare` read back. */
export const jsonExporter: Exporter = {
  name: "sizingJson",
  fileName: "sizing.json",
  applies: () => true,
  render: ({ report }) => `${JSON.stringify(report, null, 2)}\n`,
};

/** A stored sizing.json, validated; RunStoreError (exit 2) naming the file when it is not a sizing report. */
export async function readSizingJson(path: string): Promise<SizingReport> {
  const report = SizingReport.safeParse(await readJsonFile(path, "a sizing report, sizing.json"));
  if (!report.success)
    throw new RunStoreError(
      `${path} is not a sizing report:\n${z.prettifyError(report.error)}\n${DAMAGED_NEXT_STEP}`,
    );
  return report.data;
}
