import { MatrixError } from "../config/matrix-error.ts";
import { FlagError } from "./flag-error.ts";

/** The one paragraph to print (no stack trace) when the user's input is at fault, else null: exit BAD_INPUT_EXIT_CODE. */
export function badInputMessage(error: unknown): string | null {
  return error instanceof MatrixError || error instanceof FlagError ? error.message : null;
}
