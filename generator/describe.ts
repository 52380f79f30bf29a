// `bun generator/describe.ts <module>`: what a workload module declares (shape, rate unit, latency, flags) as one line.
import { resolve } from "node:path";
import { z } from "zod";
import type { WorkloadDescription } from "../contract/generator-step.ts";
import { loadWorkload } from "./load/load-workload.ts";
import { flagSchema } from "./load/parse-flags.ts";
import { GeneratorInputError } from "./load/read-step-config.ts";

async function describe(path: string | undefined): Promise<WorkloadDescription> {
  if (path === undefined)
    throw new GeneratorInputError("usage: bun generator/describe.ts <workload module path>");
  const loaded = await loadWorkload({ path: resolve(path), name: path }, []);
  const schema = flagSchema(loaded.workload, `workload ${path}`);
  const flags: WorkloadDescription["flags"] = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const { $schema: _, ...json } = z.toJSONSchema(field as z.ZodType, { unrepresentable: "any" });
    flags[name] = json;
  }
  return {
    shape: loaded.shape,
    rateUnit: loaded.workload.rateUnit ?? null,
    latency: loaded.workload.latency ?? "request",
    flags,
  };
}

describe(process.argv[2]).then(
  (description) => {
    process.stdout.write(`${JSON.stringify(description)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    const input = error instanceof GeneratorInputError;
    process.stderr.write(`bun-capacity describe: ${(error as Error)?.message ?? String(error)}\n`);
    process.exit(input ? 2 : 1);
  },
);
