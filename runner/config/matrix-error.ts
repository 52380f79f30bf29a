/** One located problem in a matrix file. */
export type MatrixIssue = {
  /** Dotted path of the field, e.g. axes.memory[1]; empty for the whole file. */
  path: string;
  line: number | null;
  column: number | null;
  message: string;
};

/** A matrix file that cannot be used: names the file, the field, the bad value and what is allowed. Exit code 2. */
export class MatrixError extends Error {
  override readonly name = "MatrixError";
  readonly file: string;
  readonly issues: MatrixIssue[];

  constructor(
    file: string,
    issues: MatrixIssue[],
    options: { cause?: unknown; nextStep?: string; headline?: string } = {},
  ) {
    const headline = options.headline ?? "Invalid matrix";
    super(`${headline}: ${renderIssues(file, issues, options.nextStep ?? DEFAULT_NEXT_STEP)}`, {
      cause: options.cause,
    });
    this.file = file;
    this.issues = issues;
  }
}

const MAX_SHOWN_ISSUES = 4;

const DEFAULT_NEXT_STEP = "Fix the file and run again (docs/matrix-reference.md).";

function renderIssues(file: string, issues: MatrixIssue[], nextStep: string): string {
  const shown = issues.slice(0, MAX_SHOWN_ISSUES).map((issue) => {
    const where = issue.line === null ? file : `${file}:${issue.line}:${issue.column ?? 1}`;
    return `${where}: ${issue.path ? `${issue.path}: ` : ""}${issue.message}`;
  });
  const more = issues.length > MAX_SHOWN_ISSUES ? ` (and ${issues.length - MAX_SHOWN_ISSUES} more)` : "";
  return `${shown.join("; ")}${more}. ${nextStep}`;
}
