import { z } from "zod";
import { checkFlags } from "../../contract/flags.ts";
import type { Workload } from "../api/workload.ts";
import { GeneratorInputError } from "./read-step-config.ts";

type FlagValue = string | number | boolean;

/** The module's declared flags as one strict zod object (none declared: no flag is accepted). */
export function flagSchema(workload: Workload, where: string): z.ZodObject {
  const shape = workload.flags?.(z) ?? {};
  if (typeof shape !== "object" || shape === null) {
    throw new GeneratorInputError(
      `${where}: flags(z) must return an object of zod fields, got ${typeof shape}`,
    );
  }
  return z.object(shape).strict();
}

/** The step's flags parsed by the module's schema (defaults applied); a bad one names the flag and its value. */
export function parseFlags(
  workload: Workload,
  flags: Record<string, FlagValue>,
  where: string,
): Record<string, unknown> {
  const checked = checkFlags(flagSchema(workload, where), flags);
  if (checked.ok) return checked.data;
  const problems = checked.problems.map(({ key, unknown, message }) =>
    unknown
      ? `unknown flag ${key}=${JSON.stringify(flags[key])}`
      : `flag ${key}=${JSON.stringify(flags[key])}: ${message}`,
  );
  throw new GeneratorInputError(`${where}: ${problems.join("; ")}`);
}
