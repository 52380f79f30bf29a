import os from "node:os";
import { execa } from "execa";
import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import type { DockerApi } from "../docker/docker-api.ts";
import { TOOL } from "../package/tool-home.ts";
import type { Cell } from "../plan/cell.ts";
import { Plan } from "../plan/plan.ts";
import { type CellRecord, CellStatus, CellSummary, CpuPlacement } from "./cell-record.ts";

/**
 * interleaved: cell A rep 1, cell B rep 1, …, then rep 2, so slow host drift spreads over every cell; adaptive extra
 * repetitions after. sequential: each cell's repetitions back to back (the order before, kept for comparison).
 */
export const RepetitionOrder = z.enum(["interleaved", "sequential"]);
export type RepetitionOrder = z.infer<typeof RepetitionOrder>;
export const DEFAULT_REPETITION_ORDER: RepetitionOrder = "interleaved";

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
    toolVersion: z
      .string()
      .optional()
      .describe("the bun-capacity version that ran it, from its package.json (absent in older runs)"),
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

/** run.json's line for a cell: from its record when it has one, else pending. */
export function runCellEntry(cell: Cell, record: CellRecord | undefined): RunCellEntry {
  if (!record) {
    return {
      id: cell.id,
      status: "pending",
      message: "",
      summary: null,
      limitMismatches: [],
      wallSeconds: null,
    };
  }
  return {
    id: cell.id,
    status: record.status,
    message: record.message,
    summary: record.summary,
    limitMismatches: [...new Set(record.repetitions.flatMap((r) => r.limitMismatches))],
    wallSeconds: (Date.parse(record.finishedAt) - Date.parse(record.startedAt)) / 1000,
    cpu: record.repetitions.findLast((r) => r.cpu)?.cpu ?? null,
  };
}

/** Statuses that mean the tool, the image or the engine failed; oom, timeout, gc-thrash, unstable, drifted are findings. */
const FAILED: ReadonlySet<CellStatus | "pending"> = new Set([
  "crash",
  "bad-output",
  "engine-lost",
  "pending",
]);

/** 0: the run completed and every cell produced a measurement or a finding; 1: failures; 130/143 are set elsewhere. */
export function runExitCode(record: RunRecord): number {
  if (record.state !== "complete") return 1;
  return record.cells.some((cell) => FAILED.has(cell.status)) ? 1 : 0;
}

/** The host, the engine and the code under test, for run.json. */
export async function collectRunEnvironment(docker: DockerApi, repoRoot: string): Promise<RunEnvironment> {
  const [info, version, commit] = await Promise.all([docker.info(), docker.version(), gitCommit(repoRoot)]);
  return {
    hostname: os.hostname(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    hostCores: os.availableParallelism(),
    hostMemoryBytes: os.totalmem(),
    os: info.operatingSystem,
    kernel: info.kernelVersion,
    dockerVersion: info.serverVersion || version.version,
    dockerApiVersion: version.apiVersion,
    cgroupVersion: info.cgroupVersion,
    dockerCpus: info.cpus,
    dockerMemoryBytes: info.memoryBytes,
    bunVersion: Bun.version,
    commit,
    toolVersion: TOOL.version,
  };
}

/** HEAD's commit, with `-dirty` when the tree has changes; null outside a git checkout. */
export async function gitCommit(repoRoot: string): Promise<string | null> {
  const head = await execa("git", ["-C", repoRoot, "rev-parse", "HEAD"], { reject: false });
  if (head.exitCode !== 0) return null;
  const status = await execa("git", ["-C", repoRoot, "status", "--porcelain"], { reject: false });
  return `${head.stdout.trim()}${status.stdout.trim() ? "-dirty" : ""}`;
}
