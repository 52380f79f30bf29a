import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { readStoredRun, type StoredRun } from "../results/read-stored-run.ts";

/** A stored run as the reports need it: validated records and the cloudRun settings the run was planned with. */
export interface RunDirContents extends StoredRun {
  cloudRun: CloudRunSettings;
}

/** Reads results/<run-id>/ (run.json and cells/*.json, all validated; a damaged file stops with its name). */
export async function readRunDir(runDir: string): Promise<RunDirContents> {
  const stored = await readStoredRun(runDir);
  return { ...stored, cloudRun: stored.run.plan.cloudRun };
}
