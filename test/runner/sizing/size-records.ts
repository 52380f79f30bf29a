import { CloudRunSettings, type CloudRunSettingsInput } from "../../../runner/config/cloud-run-settings.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";

/** buildSizingReport over fake records (fixed run id and date); `only` returns its one scenario. */
export const size = (records: CellRecord[], settings: CloudRunSettingsInput = {}) =>
  buildSizingReport(records, {
    runId: "r",
    settings: CloudRunSettings.parse(settings),
    generatedAt: "2026-11-01T00:00:00.000Z",
  });
export const only = (records: CellRecord[], settings: CloudRunSettingsInput = {}) => {
  const s = size(records, settings).scenarios[0];
  if (!s) throw new Error("no scenario");
  return s;
};
