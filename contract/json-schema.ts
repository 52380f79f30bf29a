import { z } from "zod";
import { BenchResult } from "./result.ts";

/** The contract as JSON Schema, for teams that emit results from images in other languages (input side: defaulted fields are optional). */
export function resultJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(BenchResult, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>;
}

if (import.meta.main) {
  const out = new URL("./result.schema.json", import.meta.url);
  await Bun.write(out, `${JSON.stringify(resultJsonSchema(), null, 2)}\n`);
  console.error(`wrote ${out.pathname}`);
}
