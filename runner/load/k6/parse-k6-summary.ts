import { z } from "zod";
import { GeneratorOutputError } from "./generator-output-error.ts";
import { K6Summary } from "./k6-summary.ts";

const MARKER = '"bcStepSummary"';

/** The last summary line of k6's stdout, validated; anything else is a GeneratorOutputError. */
export function parseK6Summary(stdout: string, stderr: string): K6Summary {
  const line = stdout
    .split("\n")
    .map((l) => l.trim())
    .findLast((l) => l.startsWith("{") && l.includes(MARKER));
  if (!line) throw GeneratorOutputError.from("no summary line on stdout", stderr);
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw GeneratorOutputError.from(`the summary line is not JSON: ${line.slice(0, 200)}`, stderr, error);
  }
  const parsed = K6Summary.safeParse(json);
  if (!parsed.success) {
    throw GeneratorOutputError.from(
      `the summary line is malformed: ${z.prettifyError(parsed.error)}`,
      stderr,
    );
  }
  return parsed.data;
}
