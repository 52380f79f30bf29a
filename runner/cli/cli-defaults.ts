/** Defaults of `bun runner/matrix.ts run`, in one place. */
export const DEFAULT_MATRIX_PATH = "matrix.yaml";
export const DEFAULT_OUT_DIR = "results";
/** Bad flags or a bad matrix file: the user must fix their input (1 stays for failed runs). */
export const BAD_INPUT_EXIT_CODE = 2;
