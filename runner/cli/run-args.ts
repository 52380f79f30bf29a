import { z } from "zod";
import { CPU_BOUNDS, Cpus, MemoryBytesText, ProfileName, ScenarioName } from "../config/field-schemas.ts";
import { MAX_LIST_ITEMS, MAX_REPETITIONS } from "../config/input-limits.ts";
import { VariantName } from "../config/variant-settings.ts";
import { RepetitionOrder } from "../results/run-record.ts";
import { booleanFlag, choiceText, commaList, decimalText, PathText, valueFlag, wholeText } from "./flags.ts";

const SMOL_CHOICES: Record<string, boolean[]> = { true: [true], false: [false], both: [false, true] };
const RUN_ID = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    "expected a run id (a folder name under the results directory)",
  );

/** The flags of `run`: one entry per flag (add yours here; it shows up in --help and is parsed by zod). */
export const RUN_FLAGS = z.strictObject({
  profile: valueFlag(ProfileName, {
    help: "profile of the matrix file (default: its defaultProfile)",
    value: "NAME",
    example: "--profile quick",
  }),
  cpus: valueFlag(
    commaList(decimalText("CPUs", { min: CPU_BOUNDS.min, max: CPU_BOUNDS.max }).pipe(Cpus), MAX_LIST_ITEMS),
    {
      help: `replace the cpus axis, e.g. --cpus 0.5,1 (up to ${CPU_BOUNDS.cloudRunMax}, Cloud Run's largest, unless --force)`,
      value: "LIST",
      example: "--cpus 0.5,1",
    },
  ),
  memory: valueFlag(commaList(MemoryBytesText, MAX_LIST_ITEMS), {
    help: "replace the memory axis, e.g. --memory 256Mi,512Mi (Ki Mi Gi, k m g, or bytes)",
    value: "LIST",
    example: "--memory 256Mi,512Mi",
  }),
  smol: valueFlag(choiceText(SMOL_CHOICES), {
    help: "replace the smol axis",
    value: "true|false|both",
    example: "--smol both",
  }),
  scenario: valueFlag(commaList(ScenarioName, MAX_LIST_ITEMS), {
    help: "run only these scenarios, e.g. --scenario throughput,fanout",
    value: "LIST",
    example: "--scenario throughput",
  }),
  variant: valueFlag(commaList(VariantName, MAX_LIST_ITEMS), {
    help: "run only these variants of the matrix's A/B variants, e.g. --variant current,grpc",
    value: "LIST",
    example: "--variant current",
  }),
  reps: valueFlag(wholeText("repetitions", { min: 1, max: MAX_REPETITIONS }), {
    help: `repetitions per cell (1 to ${MAX_REPETITIONS})`,
    value: "N",
    example: "--reps 3",
  }),
  out: valueFlag(PathText, {
    help: "results directory (default: results/ of a clone, ./bun-capacity-results as the installed tool)",
    value: "DIR",
    example: "--out results",
  }),
  resume: valueFlag(RUN_ID, {
    help: "continue an interrupted run, skipping finished cells",
    value: "RUN_ID",
    example: "--resume 2024-05-01T10-00-00Z-abc123",
  }),
  "dry-run": booleanFlag("check everything a run would and print the planned cells and time; start nothing"),
  force: booleanFlag("also run cells bigger than the host or than Cloud Run's largest instance"),
  "no-calibration": booleanFlag(
    "plan on this host's figures only, ignoring the Cloud Run calibrations in <results>/.calibration/",
  ),
  "no-host-lock": booleanFlag(
    "do not wait for other measuring runs on this host (they will measure each other)",
  ),
  order: valueFlag(z.enum(RepetitionOrder.options, { error: "expected interleaved or sequential" }), {
    help: "repetitions across cells: interleaved (default: every cell's rep 1, then rep 2, …) or sequential",
    value: "interleaved|sequential",
    example: "--order sequential",
  }),
  driver: valueFlag(z.enum(["local", "swarm"], { error: "expected local or swarm" }), {
    help: "where repetitions run: this engine (default) or the Docker Swarm it manages (docs/swarm.md)",
    value: "local|swarm",
    example: "--driver swarm",
  }),
});

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
    variants: z.array(z.string()).nullable(),
    repetitions: z.number().int().positive().nullable(),
    outDir: z.string(),
    resumeRunId: z.string().nullable(),
    order: RepetitionOrder.nullable().describe("null: interleaved (a resumed run keeps its stored order)"),
    driver: z.enum(["local", "swarm"]).nullable(),
    dryRun: z.boolean(),
    force: z.boolean(),
    /** false with --no-host-lock: do not wait for other measuring runs on this host */
    hostLock: z.boolean(),
    /** false with --no-calibration: plan on local figures, not those scaled by a Cloud Run calibration */
    calibration: z.boolean().optional(),
    help: z.boolean(),
  })
  .strict();
export type RunArgs = z.infer<typeof RunArgs>;

/** Defaults of `bun runner/matrix.ts run`, in one place. */
export const DEFAULT_MATRIX_PATH = "matrix.yaml";
export const DEFAULT_OUT_DIR = "results";
