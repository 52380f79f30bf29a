import { z } from "zod";
import { CloudRunSettings } from "../config/cloud-run-settings.ts";

/** Day-plan knobs added after runs were stored: absent in older run.json files, so they keep their defaults. */
const ADDED_LATER = new Set(["idleMinutes", "maxColdStartExposure"]);

const requiredShape = Object.fromEntries(
  Object.entries(CloudRunSettings.shape).map(([key, field]) => [
    key,
    field instanceof z.ZodDefault && !ADDED_LATER.has(key) ? field.unwrap() : field,
  ]),
);

/**
 * cloudRun as stored in a plan: CloudRunSettings with every defaulted field required. Defaults are filled once,
 * when the matrix loads; a stored run.json missing a field is damaged, never quietly re-defaulted.
 */
export const StoredCloudRunSettings = z.strictObject(requiredShape) as unknown as z.ZodType<CloudRunSettings>;
