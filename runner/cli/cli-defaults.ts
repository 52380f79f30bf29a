/** Defaults of `bun runner/matrix.ts run`, in one place. */
export const DEFAULT_MATRIX_PATH = "matrix.yaml";
export const DEFAULT_OUT_DIR = "results";
