import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";

/** The MatrixError that parsing `yaml` as `file` throws; fails the test when it parses or throws something else. */
export function matrixErrorOf(yaml: string, file: string): MatrixError {
  try {
    parseMatrix(yaml, file);
  } catch (error) {
    if (error instanceof MatrixError) return error;
    throw error;
  }
  throw new Error("expected a MatrixError");
}
