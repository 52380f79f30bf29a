import { z } from "zod";

/** One flag's JSON Schema, the subset the harness publishes: type, enum, bounds, pattern. */
export const FlagSchema = z.looseObject({
  type: z.enum(["string", "number", "integer", "boolean"]).optional(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  exclusiveMaximum: z.number().optional(),
  pattern: z.string().optional(),
  description: z.string().optional(),
});
export type FlagSchema = z.infer<typeof FlagSchema>;

const ScenarioSchema = z.looseObject({ properties: z.record(z.string(), FlagSchema) });

/** scenarios/flags.schema.json: each bundled scenario's flags as JSON Schema (published by the harness as data). */
export const ScenarioFlagSchemas = z.union([
  z.looseObject({ scenarios: z.record(z.string(), ScenarioSchema) }).transform((doc) => doc.scenarios),
  z.record(z.string(), ScenarioSchema),
]);
export type ScenarioFlagSchemas = z.output<typeof ScenarioFlagSchemas>;

/** Flag names as written on a command line: --payload-mix (the schema may use payloadMix). */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
