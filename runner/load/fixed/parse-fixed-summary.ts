import { z } from "zod";
import { FixedSummary } from "../../../contract/generator-step.ts";
import { GeneratorOutputError } from "../bun-generator/generator-output-error.ts";
import { parseGeneratorLine } from "../bun-generator/parse-generator-line.ts";
import { FIXED_FIGURE_SCHEMAS } from "./fixed-figure-schemas.ts";

/** The last fixed-shape summary line of the generator's stdout, validated (a known workload's figures by its own schema). */
export function parseFixedSummary(stdout: string, stderr: string): FixedSummary {
  const summary = parseGeneratorLine(stdout, stderr, "bcFixedSummary", FixedSummary);
  const figures = FIXED_FIGURE_SCHEMAS[summary.workload]?.safeParse(summary.figures);
  if (figures && !figures.success)
    throw GeneratorOutputError.from(
      `the ${summary.workload} figures are malformed: ${z.prettifyError(figures.error)}`,
      stderr,
    );
  return summary;
}
