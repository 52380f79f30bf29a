import { z } from "zod";

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

/** The allowed name nearest to a typo (edit distance <= 2), for "did you mean" hints. */
export function closestName(typo: string, allowed: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const name of allowed) {
    const distance = editDistance(typo.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
