import { existsSync } from "node:fs";
import { FlagError } from "../../cli/flag-error.ts";
import { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { loadMatrix } from "../../config/load-matrix.ts";

/** The matrix's cloudRun settings (parsed once when it loads); with no matrix file at all, the documented defaults. */
export function checkSettings(
  matrixPath: string,
  explicit: boolean,
): { settings: CloudRunSettings; note: string | null } {
  if (!existsSync(matrixPath)) {
    if (explicit)
      throw new FlagError("--matrix", `--matrix ${JSON.stringify(matrixPath)}: no such file`, {
        command: "check",
      });
    return { settings: CloudRunSettings.parse({}), note: `no ${matrixPath}: default cloudRun settings` };
  }
  const matrix = loadMatrix(matrixPath);
  const variant = matrix.base ?? (matrix.defaultProfile ? matrix.profiles[matrix.defaultProfile] : undefined);
  if (!variant)
    return {
      settings: CloudRunSettings.parse({}),
      note: `${matrixPath} has no default variant: default cloudRun settings`,
    };
  return { settings: variant.cloudRun, note: null };
}
