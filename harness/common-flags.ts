import { z } from "zod";

/** Modes every rate-driven scenario supports: closed loop, ceiling search, fixed-rate steps. */
export const Mode = z.enum(["closed", "ceiling", "steps"]);
export type Mode = z.infer<typeof Mode>;

/** Parses "100,200,300" into positive numbers. */
export const RateList = z
  .string()
  .regex(
    /^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/,
    "a comma-separated list of positive numbers, e.g. 100,200,400",
  )
  .transform((text) => text.split(",").map((part) => Number(part.trim())))
  .refine((rates) => rates.every((rate) => rate > 0), "every rate must be > 0");

const seconds = z.coerce.number().finite().nonnegative();

/** Flags every scenario accepts, with the harness defaults (one place). */
export const COMMON_FLAGS = {
  warmupS: seconds.default(5).describe("warm-up seconds before measuring (0 skips it)"),
  durationS: seconds.positive().default(10).describe("measured seconds (closed mode; soak)"),
  sloP99Ms: z.coerce.number().finite().positive().optional().describe("latency SLO: p99 in ms"),
  mode: Mode.optional().describe("closed | ceiling | steps"),
  stepS: seconds.positive().default(2).describe("seconds per load step"),
  rates: RateList.optional().describe("offered rates for --mode=steps, e.g. 100,200,400"),
  sampleMs: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(250)
    .describe("resource sampling interval (ms)"),
  maxSteps: z.coerce
    .number()
    .int()
    .min(4)
    .max(40)
    .default(14)
    .describe("cap on load steps in a ceiling search"),
  inflight: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(256)
    .describe("operations outstanding: a closed loop keeps this many, an open-loop step never more"),
} as const;

/** The common flags as parsed. */
export type CommonFlags = z.infer<z.ZodObject<typeof COMMON_FLAGS>>;
