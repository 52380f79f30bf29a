import { z } from "zod";
import { RateUnit } from "../results/cell-record.ts";

export const CheckOutcome = z.enum(["pass", "warn", "fail"]);
export type CheckOutcome = z.infer<typeof CheckOutcome>;

export const BaselineComparison = z
  .object({
    source: z.string(),
    ceilingPerSec: z.number(),
    dropPct: z.number().describe("(baseline − measured) ÷ baseline × 100; negative is a gain"),
    rerunDropPct: z.number().nullable().describe("after the confirming re-run; null when none was needed"),
    probe: z
      .string()
      .nullable()
      .optional()
      .describe(
        "how the two hosts' probes were read: the normalised label, a warning, or null (one host speed)",
      ),
    measuredCeilingPerSec: z
      .number()
      .optional()
      .describe(
        "the baseline's own ceiling before normalising by the probes (ceilingPerSec is the scaled one)",
      ),
  })
  .strict();
export type BaselineComparison = z.infer<typeof BaselineComparison>;

export const ScenarioCheck = z
  .object({
    scenario: z.string(),
    cellId: z.string(),
    outcome: CheckOutcome,
    status: z.string(),
    ceilingPerSec: z.number().nullable(),
    p99AtCeilingMs: z.number().nullable(),
    sloP99Ms: z.number(),
    capacityPerSec: z.number().nullable().describe("ceiling × instances × utilization"),
    peakMemoryBytes: z.number().nullable(),
    memoryHeadroom: z.number().nullable(),
    baseline: BaselineComparison.nullable(),
    judgedRun: z
      .enum(["first run", "re-run"])
      .describe("the run the verdict stands on: the worse of the two"),
    reasons: z.array(z.string()).describe("why it failed or warned"),
    rateUnit: RateUnit.optional().describe("what the rates count (absent in older verdicts)"),
  })
  .strict();
export type ScenarioCheck = z.infer<typeof ScenarioCheck>;

/** The pre-deploy check's answer: exit 0 on pass/warn, 1 on fail. */
export const CheckVerdict = z
  .object({
    outcome: CheckOutcome,
    exitCode: z.union([z.literal(0), z.literal(1)]),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    targetPerSec: z.number(),
    instances: z.number().int(),
    utilizationTarget: z.number(),
    reran: z.boolean(),
    scenarios: z.array(ScenarioCheck),
    notes: z.array(z.string()),
  })
  .strict();
export type CheckVerdict = z.infer<typeof CheckVerdict>;
