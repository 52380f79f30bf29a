import type { z } from "zod";

// Wrappers that hold one inner schema: what a key accepts is the inner schema's.
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The schema behind wrappers and pipes (a preprocess keeps its output schema, a transform its input). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in && def.out)
      current = defOf(def.out).type === "transform" ? def.in : def.out;
    else return current;
  }
  return current;
}

/**
 * Every leaf key a zod schema accepts, as dotted paths: a mapping of named entries is `<name>`, a list of objects
 * `[]` (`scenarios.<name>.requests[].weight`). A mapping or list of plain values is one leaf.
 */
export function schemaKeyPaths(schema: z.ZodType, prefix = ""): string[] {
  const def = defOf(unwrap(schema));
  if (def.type === "object" && def.shape)
    return Object.entries(def.shape).flatMap(([key, child]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      const inner = schemaKeyPaths(child, path);
      return inner.length > 0 ? inner : [path];
    });
  if (def.type === "record" && def.valueType) return schemaKeyPaths(def.valueType, `${prefix}.<name>`);
  if (def.type === "array" && def.element) return schemaKeyPaths(def.element, `${prefix}[]`);
  return [];
}
