import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import { Plan } from "../plan/plan.ts";
import { CellStatus, CellSummary } from "./cell-record.ts";
import { CpuPlacement } from "./cpu-placement.ts";
import { RepetitionOrder } from "./repetition-order.ts";

/** Where and with what the run happened; the report prints it so results are comparable across machines. */
export const RunEnvironment = z
  .object({
    hostname: z.string(),
    cpuModel: z.string(),
    hostCores: z.number().int().positive(),
    hostMemoryBytes: z.number().int().positive(),
    os: z.string(),
    kernel: z.string(),
    dockerVersion: z.string(),
    dockerApiVersion: z.string(),
    cgroupVersion: z.union([z.literal(1), z.literal(2)]).nullable(),
    dockerCpus: z.number().int().positive(),
    dockerMemoryBytes: z.number().int().positive(),
    bunVersion: z.string().describe("the runner's Bun; each cell's result carries the container's"),
    commit: z.string().nullable(),
  })
  .strict();
export type RunEnvironment = z.infer<typeof RunEnvironment>;

export const RunImage = z
  .object({
    ref: z.string(),
    id: z.string(),
    inputsHash: z.string().nullable(),
    baseRef: z.string().nullable(),
    baseSource: z
      .string()
      .nullable()
      .describe("local | pulled | offline-built | offline-cached | npm-built | stand-in for <ref>"),
    built: z.boolean(),
    buildSeconds: z.number().nonnegative(),
  })
  .strict();
export type RunImage = z.infer<typeof RunImage>;

/** One line per planned cell: pending until its record is written. */
export const RunCellEntry = z
  .object({
    id: z.string(),
    status: z.union([CellStatus, z.literal("pending")]),
    message: z.string(),
    summary: CellSummary.nullable(),
    limitMismatches: z.array(z.string()),
    wallSeconds: z.number().nonnegative().nullable(),
    cpu: CpuPlacement.nullable()
      .optional()
      .describe(
        "the CPU view and cores of its last repetition, and what the service saw (absent in older runs)",
      ),
  })
  .strict();
export type RunCellEntry = z.infer<typeof RunCellEntry>;

export const RunState = z.enum(["running", "complete", "interrupted", "engine-lost"]);
export type RunState = z.infer<typeof RunState>;

/** results/<run-id>/run.json: the plan, the environment and every cell's status; rewritten after each cell. */
export const RunRecord = z
  .object({
    schemaVersion: z.literal(1),
    runId: z.string(),
    state: RunState,
    startedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    plan: Plan,
    environment: RunEnvironment,
    image: RunImage.nullable(),
    cells: z.array(RunCellEntry),
    resumedAt: z.array(z.iso.datetime()).describe("each --resume of this run"),
    order: RepetitionOrder.optional().describe(
      "how repetitions were ordered across cells (absent in older runs)",
    ),
    probes: z
      .array(HostProbe)
      .optional()
      .describe(
        "every host probe of the run in order: full at start and end, short between (absent in older runs)",
      ),
  })
  .strict();
export type RunRecord = z.infer<typeof RunRecord>;
