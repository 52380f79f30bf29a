import { z } from "zod";
import { GeneratorOutputError } from "../k6/generator-output-error.ts";
import { FIXED_FIGURE_SCHEMAS } from "./fixed-figure-schemas.ts";
import { FixedSummary } from "./fixed-summary.ts";

const MARKER = '"bcFixedSummary"';

/**
 * The last fixed-shape summary line of the generator's stdout, validated (a known workload's figures by its own
 * schema); anything else is a GeneratorOutputError.
 */
export function parseFixedSummary(stdout: string, stderr: string): FixedSummary {
  const line = stdout
    .split("\n")
    .map((l) => l.trim())
    .findLast((l) => l.startsWith("{") && l.includes(MARKER));
  if (!line)
    throw GeneratorOutputError.from("no fixed-shape summary line (bcFixedSummary) on stdout", stderr);
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw GeneratorOutputError.from(`the summary line is not JSON: ${line.slice(0, 200)}`, stderr, error);
  }
  const parsed = FixedSummary.safeParse(json);
  if (!parsed.success)
    throw GeneratorOutputError.from(
      `the summary line is malformed: ${z.prettifyError(parsed.error)}`,
      stderr,
    );
  const figures = FIXED_FIGURE_SCHEMAS[parsed.data.workload]?.safeParse(parsed.data.figures);
  if (figures && !figures.success)
    throw GeneratorOutputError.from(
      `the ${parsed.data.workload} figures are malformed: ${z.prettifyError(figures.error)}`,
      stderr,
    );
  return parsed.data;
}
