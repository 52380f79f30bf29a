import { MIB } from "../units/units.ts";

/** The tag (and revision suffix) of the throwaway revision: its URL is https://calibrate---<service>-<hash>.a.run.app. */
export const CALIBRATION_TAG = "calibrate";

export interface CalibrationDeployInput {
  cpus: number;
  memoryBytes: number;
  concurrency: number;
  executionEnvironment: "gen1" | "gen2";
}

/**
 * The gcloud lines that deploy the image as a tagged revision of the service with no traffic (production never
 * reaches it) at the cell's size, pinned to one instance, and remove it afterwards. Flags per
 * cloud.google.com/sdk/gcloud/reference/run/deploy, .../run/services/update-traffic and .../run/revisions/delete.
 * SERVICE, IMAGE and REGION are the user's.
 */
export function calibrationDeployLines(input: CalibrationDeployInput): string[] {
  const revision = `SERVICE-${CALIBRATION_TAG}`;
  return [
    "# 1. deploy IMAGE as a new revision of SERVICE that takes no traffic, tagged so it has a URL of its own, at the",
    "#    cell's size, CPU always allocated, exactly one instance:",
    `gcloud run deploy SERVICE --image IMAGE --region REGION --no-traffic --tag ${CALIBRATION_TAG} --revision-suffix ${CALIBRATION_TAG} --cpu ${Number(input.cpus.toFixed(3))} --memory ${Math.ceil(input.memoryBytes / MIB)}Mi --concurrency ${input.concurrency} --execution-environment ${input.executionEnvironment} --no-cpu-throttling --min-instances 1 --max-instances 1`,
    "#    One instance: gcloud's manual scaling (--scaling N) is set on the service and shared among its revisions by",
    "#    their traffic, so a revision with no traffic would get none; min = max = 1 on the revision is the fallback,",
    "#    and Cloud Run may still exceed max briefly: pass --instance-header to check it (docs/calibrate.md).",
    `# 2. calibrate against the tag's URL, which the deploy prints: https://${CALIBRATION_TAG}---SERVICE-<hash>.a.run.app`,
    `# 3. afterwards, remove the tag and delete the revision (it is billed while it runs):`,
    `gcloud run services update-traffic SERVICE --region REGION --remove-tags ${CALIBRATION_TAG}`,
    `gcloud run revisions delete ${revision} --region REGION --quiet`,
  ];
}
