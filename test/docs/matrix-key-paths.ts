import { CloudRunSettings } from "../../runner/config/cloud-run-settings.ts";
import { MatrixFile } from "../../runner/config/load-matrix.ts";
import { MatrixBody } from "../../runner/config/matrix-body.ts";
import { schemaKeyPaths } from "./schema-key-paths.ts";

/**
 * Every key matrix.yaml accepts, from the schemas that check it: the body (also what a profile merges over it),
 * the file's own keys (profiles, defaultProfile), and cloudRun, which the body takes as a mapping and
 * CloudRunSettings checks.
 */
export function matrixKeyPaths(): string[] {
  const body = schemaKeyPaths(MatrixBody).filter(
    (path) => path !== "cloudRun" && !path.startsWith("cloudRun."),
  );
  const bodyKeys = new Set(Object.keys(MatrixBody.shape));
  const file = schemaKeyPaths(MatrixFile).filter((path) => !bodyKeys.has(path.split(".")[0] ?? ""));
  return [...body, ...file, ...schemaKeyPaths(CloudRunSettings, "cloudRun")];
}
