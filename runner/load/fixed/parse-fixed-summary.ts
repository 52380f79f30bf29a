import { z } from "zod";
import { FixedSummary } from "../../../contract/generator-step.ts";
import { GeneratorOutputError, parseGeneratorLine } from "../bun-generator/generator-output.ts";
import { AbruptDisconnectFigures } from "./abrupt-disconnect-figures.ts";

/** Per-workload figure schemas: a known workload's line must carry its figures; others are checked generically. */
const FIXED_FIGURE_SCHEMAS: Record<string, z.ZodType> = {
  "abrupt-disconnect": AbruptDisconnectFigures,
};

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
