import { z } from "zod";
import type { FixedWorkload, PacedWorkload } from "../api/workload.ts";
import { GeneratorInputError } from "./read-step-config.ts";

const fn = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === "function",
  "expected a function",
);
const declarations = {
  flags: fn.optional(),
  rateUnit: z.string().min(1).optional(),
  latency: z.enum(["request", "end-to-end"]).optional(),
  expect: z
    .object({
      status: z
        .array(z.number().int().min(100, "an HTTP status is 100..599").max(599, "an HTTP status is 100..599"))
        .min(1, "expected at least one status"),
    })
    .strict()
    .optional(),
};
const Paced = z.object({ ...declarations, open: fn, close: fn.optional() });
const Fixed = z.object({ ...declarations, run: fn });

export type LoadedWorkload =
  | { shape: "paced"; workload: PacedWorkload }
  | { shape: "fixed"; workload: FixedWorkload };

/** The module's default export as a paced (open/close) or fixed (run) workload; otherwise what is missing. */
export function workloadShape(exported: unknown, where: string): LoadedWorkload {
  if (typeof exported !== "object" || exported === null) {
    throw new GeneratorInputError(
      `${where}: the default export is ${exported === null ? "null" : typeof exported}, expected a workload object ` +
        "(generator/api/workload.ts): { flags?, open(), close? } for a paced workload or { flags?, run() } for a fixed one",
    );
  }
  const hasOpen = "open" in exported;
  const hasRun = "run" in exported;
  if (hasOpen === hasRun) {
    throw new GeneratorInputError(
      `${where}: the default export has ${hasOpen ? "both open() and run()" : "neither open() nor run()"}: ` +
        "a paced workload exports { flags?, open(), close? }, a fixed one { flags?, run() } (generator/api/workload.ts)",
    );
  }
  const parsed = (hasOpen ? Paced : Fixed).safeParse(exported);
  if (!parsed.success) {
    throw new GeneratorInputError(
      `${where}: the default export is not a workload: ${z.prettifyError(parsed.error)}`,
    );
  }
  return hasOpen
    ? { shape: "paced", workload: exported as PacedWorkload }
    : { shape: "fixed", workload: exported as FixedWorkload };
}
