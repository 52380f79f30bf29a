import { expect, test } from "bun:test";
import { resultJsonSchema } from "../../contract/json-schema.ts";

test("the committed JSON Schema is the one generated from the zod contract", async () => {
  const committed = await Bun.file(new URL("../../contract/result.schema.json", import.meta.url)).json();
  expect(committed).toEqual(resultJsonSchema());
});

test("the JSON Schema requires the versioned fields with units in their names", () => {
  const schema = resultJsonSchema() as { required: string[]; properties: Record<string, unknown> };
  expect(schema.required).toContain("schemaVersion");
  expect(JSON.stringify(schema.properties.latency)).toContain("p999Ms");
  expect(JSON.stringify(schema.properties.resources)).toContain("cgroupMemoryPeakBytes");
});
