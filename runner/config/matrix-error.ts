import type { Document, LineCounter } from "yaml";

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

/** A problem at a path of the parsed file, before it gets a line number. */
export type RawIssue = {
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  keys?: string[];
  note?: string;
};

const MAX_VALUE_CHARS = 60;

/** Dotted path as users write it: axes.memory[1], scenarios["my scenario"].flags. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const key = String(segment);
      if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) return `[${JSON.stringify(key)}]`;
      return index === 0 ? key : `.${key}`;
    })
    .join("");
}

function formatValue(input: unknown): string | null {
  if (input === undefined || (typeof input === "object" && input !== null)) return null;
  const text = JSON.stringify(input);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** Adds the line and column of the field (or its nearest existing parent) and the bad value. */
export function locateIssue(doc: Document, lines: LineCounter, issue: RawIssue): MatrixIssue {
  const candidates = issue.keys?.[0] === undefined ? [] : [[...issue.path, issue.keys[0]]];
  for (let length = issue.path.length; length >= 0; length--) candidates.push(issue.path.slice(0, length));
  let line: number | null = null;
  let column: number | null = null;
  for (const candidate of candidates) {
    const node = doc.getIn(candidate as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range) {
      const position = lines.linePos(node.range[0]);
      line = position.line;
      column = position.col;
      break;
    }
  }
  const value = formatValue(issue.input);
  const message = `${value === null ? "" : `got ${value}; `}${issue.message}${issue.note ?? ""}`;
  return { path: formatPath(issue.path), line, column, message };
}
