import { z } from "zod";
import type { Workload } from "../api/workload.ts";
import { GeneratorInputError } from "./generator-input-error.ts";

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
  const parsed = flagSchema(workload, where).safeParse(flags);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `unknown flag ${key}=${JSON.stringify(flags[key])}`).join("; ");
    }
    const name = String(issue.path[0] ?? "");
    return `flag ${name}=${JSON.stringify(flags[name])}: ${issue.message}`;
  });
  throw new GeneratorInputError(`${where}: ${problems.join("; ")}`);
}
