import { z } from "zod";
import { type CellRecord, CellStatus, Spread } from "../results/cell-record.ts";
import type { CellSizing } from "./cell-sizing.ts";
import { probeGapNote } from "./host-summary.ts";

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

/** Fewer repetitions give no spread to judge a difference against. */
export const MIN_REPETITIONS_TO_JUDGE = 2;

/** The one definition of "beyond the noise" (docs/matrix-reference.md, "Variants", quotes it; every report and `compare` use it). */
export const NOISE_RULE =
  `a difference is beyond the noise when both cells have a ceiling from at least ${MIN_REPETITIONS_TO_JUDGE} repetitions, ` +
  "their ceilings' min–max ranges do not overlap, and the change of the medians |B − A| ÷ A exceeds the combined CV " +
  "√(CV_A² + CV_B²); otherwise it is within the noise (or not judged when a side lacks a ceiling or repetitions)";

export type NoiseVerdict = "beyond-noise" | "within-noise" | "not-judged";

export interface CeilingDifference {
  /** median B ÷ median A; null when either is missing or A is 0. */
  ratio: number | null;
  verdict: NoiseVerdict;
  /** Why, in a few words (shown next to the verdict). */
  reason: string;
}

export interface CeilingSide {
  ceilingPerSec: Spread | null;
  repetitions: number;
}

/** Applies NOISE_RULE to two cells' ceilings (A the baseline). */
export function ceilingDifference(a: CeilingSide, b: CeilingSide): CeilingDifference {
  const ca = a.ceilingPerSec;
  const cb = b.ceilingPerSec;
  const ratio = ca && cb && ca.median > 0 ? cb.median / ca.median : null;
  if (!ca || !cb) return { ratio, verdict: "not-judged", reason: `no ceiling in ${ca ? "B" : "A"}` };
  const fewest = Math.min(a.repetitions, b.repetitions);
  if (fewest < MIN_REPETITIONS_TO_JUDGE)
    return { ratio, verdict: "not-judged", reason: `${fewest} repetition: no spread to judge against` };
  const combinedCv = Math.hypot(ca.cv, cb.cv);
  const change = ratio === null ? Number.POSITIVE_INFINITY : Math.abs(ratio - 1);
  const overlap = ca.min <= cb.max && cb.min <= ca.max;
  const cvText = `combined CV ${(combinedCv * 100).toFixed(1)}%`;
  if (overlap) return { ratio, verdict: "within-noise", reason: "ranges overlap" };
  if (change <= combinedCv) return { ratio, verdict: "within-noise", reason: `change within ${cvText}` };
  return { ratio, verdict: "beyond-noise", reason: `ranges apart, change over ${cvText}` };
}

/** What makes two cells comparable: the same scenario, CPUs, memory, --smol and concurrency (and variant across runs). */
const cellKey = (c: CellSizing, withVariant: boolean) =>
  [c.scenario, c.cpus, c.memoryBytes, c.smol, concurrencyOf(c), withVariant ? (c.variant ?? "") : ""].join(
    "|",
  );

const concurrencyOf = (c: CellSizing) => c.concurrency ?? null;

function side(c: CellSizing | undefined): ComparedSide | null {
  if (!c) return null;
  return {
    cellId: c.cellId,
    variant: c.variant ?? null,
    bunVersion: c.bunVersion ?? null,
    status: c.status,
    ceilingPerSec: c.ceilingPerSec,
    repetitions: c.repetitions,
    p99AtCeilingMs: c.p99AtCeilingMs,
    peakMemoryBytes: c.peakMemoryBytes,
  };
}

/**
 * Cell by cell, A (the baseline) against B: in one run, two variants' cells (matched without the variant); across
 * runs (`compare`), the same cells of two runs (matched with it). Cells only one side has show with the other null.
 */
export function compareCells(
  a: CellSizing[],
  b: CellSizing[],
  options: { matchVariant: boolean },
): ComparisonRow[] {
  const byKey = (cells: CellSizing[]) => new Map(cells.map((c) => [cellKey(c, options.matchVariant), c]));
  const cellsA = byKey(a);
  const cellsB = byKey(b);
  const keys = [...new Set([...cellsA.keys(), ...cellsB.keys()])];
  return keys.map((key) => {
    const ca = cellsA.get(key);
    const cb = cellsB.get(key);
    const any = (ca ?? cb) as CellSizing;
    const difference =
      ca && cb
        ? ceilingDifference(ca, cb)
        : { ratio: null, verdict: "not-judged" as const, reason: `only in ${ca ? "A" : "B"}` };
    const gap = probeGapNote(ca?.probeComposite, cb?.probeComposite);
    return {
      scenario: any.scenario,
      cpus: any.cpus,
      memoryBytes: any.memoryBytes,
      smol: any.smol,
      concurrency: concurrencyOf(any),
      variant: options.matchVariant ? (any.variant ?? null) : null,
      a: side(ca),
      b: side(cb),
      ceilingRatio: difference.ratio,
      verdict: difference.verdict,
      reason: gap ? `${difference.reason}; ${gap}` : difference.reason,
    };
  });
}

/**
 * A run's variants compared cell by cell: the first variant (plan order, else by name) against each other one.
 * null when the run has fewer than two variants.
 */
export function variantComparison(cells: CellSizing[], order: string[] = []): VariantComparison | null {
  const found = [...new Set(cells.flatMap((c) => (c.variant === undefined ? [] : [c.variant])))];
  const names = [
    ...order.filter((n) => found.includes(n)),
    ...found.filter((n) => !order.includes(n)).sort(),
  ];
  const [baseline, ...others] = names;
  if (baseline === undefined || others.length === 0) return null;
  const of = (name: string) => cells.filter((c) => c.variant === name);
  const bunVersion = (name: string) => {
    const versions = [...new Set(of(name).flatMap((c) => (c.bunVersion ? [c.bunVersion] : [])))];
    return versions.length ? versions.join(", ") : null;
  };
  return {
    rule: NOISE_RULE,
    baseline,
    variants: names.map((name) => ({ name, bunVersion: bunVersion(name) })),
    pairs: others.map((name) => ({
      a: baseline,
      b: name,
      rows: compareCells(of(baseline), of(name), { matchVariant: false }),
    })),
  };
}

/** A variant cell's variant and the Bun its containers reported (runtimeVersion); nothing without variants. */
export function variantFacts(record: CellRecord): { variant?: string; bunVersion?: string | null } {
  if (!record.cell.variant) return {};
  // Server mode measures from outside: its results say "unknown (…)", so the requested version stands.
  const reported = record.repetitions.flatMap((r) => (r.result ? [r.result.environment.runtimeVersion] : []));
  const versions = new Set(reported.filter((version) => !version.startsWith("unknown")));
  return {
    variant: record.cell.variant.name,
    bunVersion: versions.size > 0 ? [...versions].join(", ") : record.cell.variant.bunVersion,
  };
}
