import { stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CloudRunSettings, type CloudRunSettingsInput } from "../config/cloud-run-settings.ts";
import type { TrafficProfile } from "../config/traffic-profile.ts";
import type { StoredCalibration } from "../results/cloud-run-calibration.ts";
import { type MemorySearchResult, readMemorySearches } from "../results/memory-search-record.ts";
import { latestRunId, readStoredRun, type StoredRun } from "../results/run-store.ts";
import { buildSizingReport } from "../sizing/build-sizing-report.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";

/** Sizes a stored run in memory with its own cloudRun settings, or `settings` when given; `traffic` adds a day plan. */
export function sizeStoredRun(
  contents: RunDirContents,
  settings?: CloudRunSettingsInput,
  generatedAt?: string,
  traffic?: TrafficProfile,
  calibrations: readonly StoredCalibration[] = [],
): SizingReport {
  let resolved = contents.cloudRun;
  if (settings !== undefined) {
    const parsed = CloudRunSettings.safeParse(settings);
    if (!parsed.success)
      throw new ReportInputError(
        `the cloudRun settings are invalid:\n${z.prettifyError(parsed.error)}`,
        "Fix the cloudRun: section of matrix.yaml (see docs/matrix-reference.md, cloudRun keys).",
      );
    resolved = parsed.data;
  }
  const variantOrder = contents.run.plan.variants?.map((v) => v.name);
  return buildSizingReport(contents.records, {
    runId: contents.runId,
    settings: resolved,
    generatedAt,
    variantOrder,
    plannedCellIds: contents.run.plan.cells.map((cell) => cell.id),
    ...(traffic ? { traffic } : {}),
    host: { cpuModel: contents.run.environment.cpuModel, probes: contents.run.probes },
    calibrations,
    memorySearches: contents.memorySearches ?? [],
  });
}

/** Reads a run directory and sizes it with its stored cloudRun settings (or `settings`), writing nothing. */
export async function sizeRunDir(
  runDir: string,
  settings?: CloudRunSettingsInput,
  generatedAt?: string,
  calibrations: readonly StoredCalibration[] = [],
): Promise<{ report: SizingReport; contents: RunDirContents }> {
  const contents = await readRunDir(runDir);
  return { report: sizeStoredRun(contents, settings, generatedAt, undefined, calibrations), contents };
}

/** Stored results that cannot be read or rendered; `nextStep` tells the user what to do. */
export class ReportInputError extends Error {
  constructor(
    message: string,
    readonly nextStep: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ReportInputError";
  }
}

/** A stored run as the reports need it: validated records and the cloudRun settings the run was planned with. */
export interface RunDirContents extends StoredRun {
  cloudRun: CloudRunSettings;
  /** memory-search.json (axes.memory: search); absent or empty without one. */
  memorySearches?: MemorySearchResult[];
}

/** Reads results/<run-id>/ (run.json and cells/*.json, all validated; a damaged file stops with its name). */
export async function readRunDir(runDir: string): Promise<RunDirContents> {
  const stored = await readStoredRun(runDir);
  const memorySearches = await readMemorySearches(runDir).catch((error: unknown) => {
    throw new ReportInputError(
      `${runDir}/memory-search.json is damaged: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      "Restore it from a copy, or remove it to report without the memory search.",
      { cause: error },
    );
  });
  return { ...stored, cloudRun: stored.run.plan.cloudRun, memorySearches };
}

/** A run id (under resultsDir), "latest", nothing (= latest) or a directory path → the run directory. */
export async function resolveRunDir(ref: string | undefined, resultsDir: string): Promise<string> {
  let id = ref;
  if (id === undefined || id === "latest") {
    const latest = await latestRunId(resultsDir);
    if (!latest)
      throw new ReportInputError(
        `no run recorded in ${resultsDir}`,
        "Run `bun runner/matrix.ts` first, or pass a run id.",
      );
    id = latest;
  }
  for (const dir of [join(resultsDir, id), id])
    if ((await stat(dir).catch(() => null))?.isDirectory()) return dir;
  throw new ReportInputError(
    `run "${id}" not found in ${resultsDir}`,
    `List the runs with \`ls ${resultsDir}\`.`,
  );
}
