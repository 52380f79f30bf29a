import { z } from "zod";
import { CellStatus, Spread } from "../../results/cell-record.ts";

/** One side of a compared cell (A the baseline, B the other), as the reports show it. */
export const ComparedSide = z
  .object({
    cellId: z.string(),
    variant: z.string().nullable(),
    bunVersion: z.string().nullable().describe("Bun inside the container (from the results)"),
    status: CellStatus,
    ceilingPerSec: Spread.nullable(),
    repetitions: z.number().int(),
    p99AtCeilingMs: z.number().nullable(),
    peakMemoryBytes: z.number().nullable(),
  })
  .strict();
export type ComparedSide = z.infer<typeof ComparedSide>;

/** The same scenario, CPUs, memory, --smol and concurrency under A and B. */
export const ComparisonRow = z
  .object({
    scenario: z.string(),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    concurrency: z.number().nullable(),
    variant: z
      .string()
      .nullable()
      .describe("compare across runs: the variant both cells ran; null in a run's A/B (the pair names them)"),
    a: ComparedSide.nullable().describe("null: A has no such cell"),
    b: ComparedSide.nullable(),
    ceilingRatio: z.number().nullable().describe("median ceiling B ÷ A"),
    verdict: z.enum(["beyond-noise", "within-noise", "not-judged"]),
    reason: z.string(),
  })
  .strict();
export type ComparisonRow = z.infer<typeof ComparisonRow>;

/** sizing.json's A/B section when a run has two or more variants: the first variant against each other one. */
export const VariantComparison = z
  .object({
    rule: z.string().describe("the definition of beyond the noise"),
    baseline: z.string(),
    variants: z.array(z.object({ name: z.string(), bunVersion: z.string().nullable() }).strict()),
    pairs: z.array(z.object({ a: z.string(), b: z.string(), rows: z.array(ComparisonRow) }).strict()),
  })
  .strict();
export type VariantComparison = z.infer<typeof VariantComparison>;
