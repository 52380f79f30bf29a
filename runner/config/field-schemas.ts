import { z } from "zod";
import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { checkCommandItem } from "./command-template.ts";
import { MIN_MEMORY_BYTES } from "./config-defaults.ts";
import {
  MAX_ENTRIES,
  MAX_LIST_ITEMS,
  MAX_MEMORY_BYTES,
  MAX_REPETITIONS,
  MAX_TEXT_CHARS,
} from "./input-limits.ts";
import { MEMORY_SIZE_HELP, parseMemorySize } from "./memory-size.ts";

/** Leaf schemas of matrix.yaml; each message says what is allowed. */

/** Every bound on a CPU count, in one table: the matrix's cpus, the run's --cpus and check's --cpus take theirs here. */
export const CPU_BOUNDS = {
  /** Docker's --cpus granularity, the smallest limit it takes. */
  min: 0.01,
  /** A sanity bound on any CPU figure (matrix and run flags); Cloud Run's own limit is enforced unless --force. */
  max: 1024,
  /** The largest Cloud Run instance: cells above it need --force, and check sizes none bigger. */
  cloudRunMax: CLOUD_RUN_LIMITS.maxCpus,
} as const;

const CPUS_HELP = "a number of CPUs like 0.5, 1 or 2";
export const Cpus = z
  .number({ error: `expected ${CPUS_HELP}` })
  .finite(`expected ${CPUS_HELP}`)
  .min(
    CPU_BOUNDS.min,
    `must be at least ${CPU_BOUNDS.min} (Docker's smallest CPU limit); expected ${CPUS_HELP}`,
  )
  .max(CPU_BOUNDS.max, `must be at most ${CPU_BOUNDS.max}; expected ${CPUS_HELP}`);

/** A memory size in any accepted unit, to bytes; at least Docker's 6 MiB minimum. */
export const MemoryBytes = z.unknown().transform(toMemoryBytes);
/** The same for command-line text. */
export const MemoryBytesText = z.string().transform(toMemoryBytes);

function toMemoryBytes(input: unknown, ctx: z.core.$RefinementCtx<unknown>): number {
  const parsed = parseMemorySize(input);
  if ("error" in parsed) {
    ctx.addIssue({ code: "custom", message: parsed.error, input });
    return z.NEVER;
  }
  if (parsed.bytes < MIN_MEMORY_BYTES) {
    ctx.addIssue({
      code: "custom",
      message: `that is ${parsed.bytes} bytes, below Docker's minimum memory limit of 6Mi (${MIN_MEMORY_BYTES} bytes); expected ${MEMORY_SIZE_HELP}, at least 6Mi`,
      input,
    });
    return z.NEVER;
  }
  if (parsed.bytes > MAX_MEMORY_BYTES) {
    ctx.addIssue({ code: "custom", message: `must be at most 1Ti; expected ${MEMORY_SIZE_HELP}`, input });
    return z.NEVER;
  }
  return parsed.bytes;
}

export const Bool = z.boolean({ error: "expected true or false" });

const NAME_HELP = "letters, digits, '.', '_' or '-', starting with a letter or digit";
export const ScenarioName = z
  .string({ error: "expected a scenario name" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, `a scenario name may only use ${NAME_HELP}`);
export const ProfileName = z
  .string({ error: "expected a profile name" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, `a profile name may only use ${NAME_HELP}`);
export const FlagKey = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]*$/,
    "a flag name may only use letters, digits, '_' or '-', starting with a letter",
  );
export const FlagValue = z.union([z.string().max(MAX_TEXT_CHARS), z.number().finite(), z.boolean()], {
  error: "expected a flag value (string, number or boolean)",
});
export const FlagEntry = z.union(
  [
    FlagValue,
    z
      .array(FlagValue)
      .min(1, "a flag axis needs at least one value")
      .max(MAX_LIST_ITEMS, `a flag axis may have at most ${MAX_LIST_ITEMS} values`),
  ],
  {
    error:
      "expected a flag value (string, number or boolean) or a list of them (the list makes the flag an axis)",
  },
);
export const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name");

export const Seconds = z
  .number({ error: "expected a number of seconds" })
  .finite("expected a number of seconds")
  .nonnegative("must be 0 or more seconds");
export const PositiveSeconds = z
  .number({ error: "expected a number of seconds" })
  .finite("expected a number of seconds")
  .positive("must be more than 0 seconds");
export const PositiveMs = z
  .number({ error: "expected a number of milliseconds" })
  .finite("expected a number of milliseconds")
  .positive("must be more than 0 ms");
export const Repetitions = z
  .number({ error: "expected a whole number of repetitions, at least 1" })
  .int("expected a whole number of repetitions, at least 1")
  .min(1, "expected a whole number of repetitions, at least 1")
  .max(MAX_REPETITIONS, `expected at most ${MAX_REPETITIONS} repetitions`);

export const ImageRef = z
  .string({ error: "expected an image reference like myapp:1.2" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/:@]*$/, "expected an image reference like myapp:1.2 (no spaces)");

export const CommandTemplate = z
  .array(z.string({ error: "expected a string" }), { error: "expected a list of strings" })
  .min(1, "expected at least one item")
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      const problem = checkCommandItem(item);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: [index], input: item });
    });
  });

/** Rejects repeated values (after unit conversion: 512Mi and 0.5Gi are the same); linear, first repeat only. */
export function noDuplicates<T>(values: T[], ctx: z.RefinementCtx) {
  const seen = new Set<T>();
  for (const [index, value] of values.entries()) {
    if (seen.has(value)) {
      ctx.addIssue({
        code: "custom",
        message: "repeats an earlier value of the list",
        path: [index],
        input: value,
      });
      return;
    }
    seen.add(value);
  }
}

/** Error option for z.record: says a mapping is expected, and passes a bad key's own message through. */
export function mappingError(what: string) {
  return {
    error: (issue: z.core.$ZodRawIssue) => {
      if (issue.code === "invalid_key") return `bad key: ${issue.issues[0]?.message ?? "not allowed"}`;
      if (issue.code === "invalid_type") return `expected a mapping of ${what}`;
      return undefined;
    },
  };
}

/** At most MAX_ENTRIES keys in a mapping (scenarios, profiles, env, flags). */
export function fewEntries(record: Record<string, unknown>) {
  return Object.keys(record).length <= MAX_ENTRIES;
}
export const FEW_ENTRIES = `expected at most ${MAX_ENTRIES} entries`;
export const MAX_LIST = MAX_LIST_ITEMS;
export const MAX_MATCHERS = MAX_ENTRIES;
