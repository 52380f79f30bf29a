import { z } from "zod";

/** Value schemas for flags: text in, typed value out; only plain decimals (no hex, exponents, signs or Infinity). */

const MAX_DIGITS = 12;
const DECIMAL = new RegExp(`^\\d{1,${MAX_DIGITS}}(\\.\\d{1,${MAX_DIGITS}})?$`);
const WHOLE = new RegExp(`^\\d{1,${MAX_DIGITS}}$`);

/** A plain decimal like 0.5 or 12, within [min, max]. */
export function decimalText(what: string, range: { min: number; max: number; minExclusive?: boolean }) {
  const allowed = `a plain decimal number of ${what} from ${range.min}${range.minExclusive ? " (exclusive)" : ""} to ${range.max}, like 1 or 0.5`;
  return z
    .string()
    .regex(DECIMAL, `expected ${allowed}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .refine((n) => (range.minExclusive ? n > range.min : n >= range.min), `expected ${allowed}`)
        .refine((n) => n <= range.max, `expected ${allowed}`),
    );
}

/** A whole number within [min, max]. */
export function wholeText(what: string, range: { min: number; max: number }) {
  const allowed = `a whole number of ${what} from ${range.min} to ${range.max}`;
  return z
    .string()
    .regex(WHOLE, `expected ${allowed}`)
    .transform(Number)
    .pipe(z.number().min(range.min, `expected ${allowed}`).max(range.max, `expected ${allowed}`));
}

/** `a,b,c` -> items, each through `item`; at most `maxItems`, no repeats (a Set: linear in the list). */
export function commaList<T extends z.ZodType<unknown, string>>(item: T, maxItems: number) {
  return z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .pipe(
      z
        .array(item)
        .max(maxItems, `expected at most ${maxItems} comma-separated values`)
        .superRefine((values, ctx) => {
          const seen = new Set<unknown>();
          values.forEach((value, index) => {
            if (seen.has(value))
              ctx.addIssue({
                code: "custom",
                message: "repeats an earlier value of the list",
                path: [index],
              });
            seen.add(value);
          });
        }),
    );
}

/** One of a few words, case-insensitive, mapped to a value. */
export function choiceText<T>(choices: Record<string, T>) {
  const names = Object.keys(choices);
  return z.string().transform((text, ctx) => {
    const key = text.toLowerCase();
    if (Object.hasOwn(choices, key)) return choices[key] as T;
    ctx.addIssue({ code: "custom", message: `expected ${names.join(", ")}`, input: text });
    return z.NEVER;
  });
}

/** A non-empty path. */
export const PathText = z
  .string()
  .min(1, "expected a path")
  .max(4096, "expected a path under 4096 characters");
