import { z } from "zod";
import { closestName } from "./closest-name.ts";

/** z.strictObject whose unknown-key error lists the allowed keys: a typo must not silently change a run. */
export function strictObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === "unrecognized_keys") {
        const hints = issue.keys.map((key) => {
          const near = closestName(key, allowed);
          return near ? `"${key}" (did you mean "${near}"?)` : `"${key}"`;
        });
        return `unknown key ${hints.join(", ")}; allowed keys here: ${allowed.join(", ")}`;
      }
      if (issue.code === "invalid_type") return `expected a mapping with keys ${allowed.join(", ")}`;
      return undefined;
    },
  });
}
