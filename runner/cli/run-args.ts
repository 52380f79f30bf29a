import { z } from "zod";
import { Cpus, MemoryBytes, noDuplicates, ProfileName, ScenarioName } from "../config/field-schemas.ts";

const commaList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (text) => (typeof text === "string" ? text.split(",").map((part) => part.trim()) : text),
    z.array(item).superRefine(noDuplicates),
  );

const NumberText = z.string().transform((text, ctx) => {
  const value = text === "" ? Number.NaN : Number(text);
  if (Number.isFinite(value)) return value;
  ctx.addIssue({ code: "custom", message: "expected a number of CPUs like 0.5, 1 or 2", input: text });
  return z.NEVER;
});

const SMOL_CHOICES: Record<string, boolean[]> = { true: [true], false: [false], both: [false, true] };

/** Flag values as typed; each turns into its RunArgs field or an error naming what is allowed. */
export const FlagValues = z.object({
  profile: ProfileName.optional(),
  cpus: commaList(NumberText.pipe(Cpus)).optional(),
  memory: commaList(MemoryBytes).optional(),
  smol: z
    .string()
    .transform((text, ctx) => {
      const choice = SMOL_CHOICES[text.toLowerCase()];
      if (choice) return choice;
      ctx.addIssue({ code: "custom", message: "expected true, false or both", input: text });
      return z.NEVER;
    })
    .optional(),
  scenario: commaList(ScenarioName).optional(),
  reps: z
    .string()
    .regex(/^\d+$/, "expected a whole number of repetitions, at least 1")
    .transform(Number)
    .pipe(z.number().min(1, "expected a whole number of repetitions, at least 1"))
    .optional(),
  out: z.string().min(1, "expected a directory").optional(),
  resume: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "expected a run id (a folder name under the results directory)")
    .optional(),
  driver: z.enum(["local", "swarm"], { error: "expected local or swarm" }).optional(),
  "dry-run": z.boolean().optional(),
  force: z.boolean().optional(),
  help: z.boolean().optional(),
});
export const FLAG_NAMES = Object.keys(FlagValues.shape);
export const BOOLEAN_FLAGS = ["dry-run", "force", "help"];

/** What `run` was asked to do. */
export const RunArgs = z
  .object({
    command: z.literal("run"),
    matrixPath: z.string(),
    profile: z.string().nullable(),
    cpus: z.array(z.number()).nullable(),
    memoryBytes: z.array(z.number()).nullable(),
    smol: z.array(z.boolean()).nullable(),
    scenarios: z.array(z.string()).nullable(),
    repetitions: z.number().int().positive().nullable(),
    outDir: z.string(),
    resumeRunId: z.string().nullable(),
    driver: z.enum(["local", "swarm"]).nullable(),
    dryRun: z.boolean(),
    force: z.boolean(),
    help: z.boolean(),
  })
  .strict();
export type RunArgs = z.infer<typeof RunArgs>;
