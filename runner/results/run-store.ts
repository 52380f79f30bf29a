import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { HostProbe } from "../../contract/host-probe.ts";
import { defaultResultsDir } from "../package/tool-home.ts";
import type { Cell } from "../plan/cell.ts";
import type { Plan } from "../plan/plan.ts";
import { MIB } from "../units/units.ts";
import { CellRecord, Repetition } from "./cell-record.ts";
import {
  type RepetitionOrder,
  type RunEnvironment,
  type RunImage,
  RunRecord,
  type RunState,
  runCellEntry,
} from "./run-record.ts";

/**
 * One run directory: cell files written as each cell ends, run.json rewritten after each cell and at the end; while
 * repetitions interleave, each cell's finished ones under partial/ until its record is written (what --resume keeps).
 */
export class RunStore {
  private constructor(
    readonly paths: RunPaths,
    private record: RunRecord,
    readonly done: Map<string, CellRecord>,
    readonly partials: Map<string, PartialCell> = new Map(),
  ) {}

  static async create(
    resultsDir: string,
    runId: string,
    plan: Plan,
    environment: RunEnvironment,
    image: RunImage | null,
    order?: RepetitionOrder,
  ) {
    const paths = runPaths(resultsDir, runId);
    await mkdir(paths.cellsDir, { recursive: true });
    const now = new Date().toISOString();
    const record: RunRecord = {
      schemaVersion: 1,
      runId,
      state: "running",
      startedAt: now,
      updatedAt: now,
      finishedAt: null,
      plan,
      environment,
      image,
      cells: plan.cells.map((cell) => runCellEntry(cell, undefined)),
      resumedAt: [],
      ...(order ? { order } : {}),
    };
    const store = new RunStore(paths, record, new Map());
    await store.save();
    await setLatestRun(resultsDir, runId);
    return store;
  }

  /** Reopens a run for --resume: its stored plan and the cells already recorded. */
  static async open(resultsDir: string, runId: string): Promise<RunStore> {
    const paths = runPaths(resultsDir, runId);
    const record = await readRunRecord(paths.runJson);
    const done = await readCellRecords(paths.cellsDir);
    const partials = await readPartialCells(paths.partialDir);
    for (const id of done.keys()) partials.delete(id);
    return new RunStore(paths, record, done, partials);
  }

  get run(): RunRecord {
    return this.record;
  }

  async resumeWith(environment: RunEnvironment, image: RunImage | null, plan: Plan): Promise<void> {
    const now = new Date().toISOString();
    this.record = { ...this.record, state: "running", finishedAt: null, plan, environment, image };
    this.record.resumedAt = [...this.record.resumedAt, now];
    await this.save();
  }

  async writeCell(cell: CellRecord): Promise<void> {
    await writeFileAtomic(this.paths.cellJson(cell.cell.id), `${JSON.stringify(cell, null, 2)}\n`);
    this.done.set(cell.cell.id, cell);
    this.partials.delete(cell.cell.id);
    await rm(this.paths.partialJson(cell.cell.id), { force: true });
    await this.save();
  }

  /** A cell's repetitions so far, kept so an interrupted interleaved run resumes them instead of starting over. */
  async writePartial(cellId: string, startedAt: string, repetitions: Repetition[]): Promise<void> {
    const partial: PartialCell = { schemaVersion: 1, cellId, startedAt, repetitions };
    await mkdir(this.paths.partialDir, { recursive: true });
    await writeFileAtomic(this.paths.partialJson(cellId), `${JSON.stringify(partial, null, 2)}\n`);
    this.partials.set(cellId, partial);
  }

  /** A host probe, kept in run.json in the order taken. */
  async addProbe(probe: HostProbe): Promise<void> {
    this.record = { ...this.record, probes: [...(this.record.probes ?? []), probe] };
    await this.save();
  }

  async finish(state: RunState): Promise<RunRecord> {
    this.record = {
      ...this.record,
      state,
      finishedAt: state === "running" ? null : new Date().toISOString(),
    };
    await this.save();
    return this.record;
  }

  private async save(): Promise<void> {
    const cells = this.record.plan.cells.map((cell) => runCellEntry(cell, this.done.get(cell.id)));
    this.record = { ...this.record, cells, updatedAt: new Date().toISOString() };
    await writeFileAtomic(this.paths.runJson, `${JSON.stringify(this.record, null, 2)}\n`);
  }
}

/** A run directory or one of its files is missing or unreadable. */
export class RunStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "RunStoreError";
  }
}

/** Writes a file so readers see the old or the new content, never half of it: unique temp file, then rename. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

/** Where results go by default: <clone>/results, or ./bun-capacity-results as the installed tool (tool-home.ts). */
export const DEFAULT_RESULTS_DIR = defaultResultsDir();
export const LATEST_FILE = "latest.txt";

/** The files of one run under results/<run-id>/. */
export function runPaths(resultsDir: string, runId: string) {
  const dir = join(resultsDir, runId);
  return {
    dir,
    runJson: join(dir, "run.json"),
    cellsDir: join(dir, "cells"),
    cellJson: (cellId: string) => join(dir, "cells", `${cellId}.json`),
    partialDir: join(dir, "partial"),
    partialJson: (cellId: string) => join(dir, "partial", `${cellId}.json`),
    latest: join(resultsDir, LATEST_FILE),
  };
}
export type RunPaths = ReturnType<typeof runPaths>;

/** A sortable, filesystem-safe run id: 2026-11-22T03-40-00Z-abc123. */
export function newRunId(now: Date = new Date(), suffix: string = randomBytes(3).toString("hex")): string {
  return `${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z-${suffix}`;
}

export const RUN_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[a-z0-9]+$/;

/** Stored files are small; anything bigger is not ours. */
const MAX_STORED_FILE_BYTES = 64 * MIB;
export const DAMAGED_NEXT_STEP =
  "Nothing was changed. Restore the file from a copy, or measure again with `bun runner/matrix.ts`.";

/** A stored JSON file's parsed content; RunStoreError (exit 2) naming the file when it is missing, huge or not JSON. */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new RunStoreError(`${path} does not exist (${what}). Check the run id (ls results/).`);
  if (!info.isFile()) throw new RunStoreError(`${path} is not a file (${what}). ${DAMAGED_NEXT_STEP}`);
  if (info.size > MAX_STORED_FILE_BYTES)
    throw new RunStoreError(
      `${path} is ${info.size} bytes, more than a ${what} can be. ${DAMAGED_NEXT_STEP}`,
    );
  const text = await readFile(path, "utf8");
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new RunStoreError(
      `${path} is not valid JSON (${what}): ${(cause as Error).message}. ${DAMAGED_NEXT_STEP}`,
      { cause },
    );
  }
}

/** results/<run-id>/partial/<cell-id>.json: a cell's finished repetitions while interleaving, until its record. */
export const PartialCell = z
  .object({
    schemaVersion: z.literal(1),
    cellId: z.string(),
    startedAt: z.iso.datetime(),
    repetitions: z.array(Repetition),
  })
  .strict();
export type PartialCell = z.infer<typeof PartialCell>;

/** The repetitions cells had finished when an interleaved run stopped, by cell id (no folder: none). */
export async function readPartialCells(partialDir: string): Promise<Map<string, PartialCell>> {
  const partials = new Map<string, PartialCell>();
  const names = await readdir(partialDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const path = join(partialDir, name);
    const parsed = PartialCell.safeParse(await readJsonFile(path, "a cell's finished repetitions"));
    if (!parsed.success)
      throw new RunStoreError(
        `${path} is not a cell's finished repetitions:\n${z.prettifyError(parsed.error)}\n${DAMAGED_NEXT_STEP}`,
        { cause: parsed.error },
      );
    partials.set(parsed.data.cellId, parsed.data);
  }
  return partials;
}

/** Reads and validates a run.json; never fills in defaults for what is missing. */
export async function readRunRecord(runJsonPath: string): Promise<RunRecord> {
  const json = await readJsonFile(runJsonPath, "a run record, run.json");
  const parsed = RunRecord.safeParse(json);
  if (!parsed.success) {
    throw new RunStoreError(
      `${runJsonPath} is not a run record:\n${z.prettifyError(parsed.error)}\n${DAMAGED_NEXT_STEP}`,
      { cause: parsed.error },
    );
  }
  const seen = new Set<string>();
  for (const cell of parsed.data.cells) {
    if (seen.has(cell.id))
      throw new RunStoreError(
        `${runJsonPath}: cells lists the cell id "${cell.id}" twice. ${DAMAGED_NEXT_STEP}`,
      );
    seen.add(cell.id);
  }
  return parsed.data;
}

/** Every cell record of a run directory's cells/ folder, by cell id (an absent folder is an empty run). */
export async function readCellRecords(cellsDir: string): Promise<Map<string, CellRecord>> {
  const records = new Map<string, CellRecord>();
  const files = new Map<string, string>();
  const names = await readdir(cellsDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const path = join(cellsDir, name);
    const parsed = CellRecord.safeParse(await readJsonFile(path, "a cell record"));
    if (!parsed.success) {
      throw new RunStoreError(
        `${path} is not a cell record:\n${z.prettifyError(parsed.error)}\n${DAMAGED_NEXT_STEP}`,
        {
          cause: parsed.error,
        },
      );
    }
    const id = parsed.data.cell.id;
    const earlier = files.get(id);
    if (earlier !== undefined)
      throw new RunStoreError(`${path} and ${earlier} hold the same cell id "${id}". ${DAMAGED_NEXT_STEP}`);
    files.set(id, path);
    records.set(id, parsed.data);
  }
  return records;
}

/** A finished run directory, fully validated: run.json and every cells/*.json; nothing defaulted, nothing written. */
export interface StoredRun {
  runDir: string;
  runId: string;
  run: RunRecord;
  records: CellRecord[];
}

export async function readStoredRun(runDir: string): Promise<StoredRun> {
  const run = await readRunRecord(`${runDir}/run.json`);
  const records = [...(await readCellRecords(`${runDir}/cells`)).values()];
  if (records.length === 0)
    throw new RunStoreError(
      `${runDir}/cells holds no cell records: the run finished no cell. Run \`bun runner/matrix.ts\` (or --resume ${run.runId}) first.`,
    );
  return { runDir, runId: run.runId, run, records };
}

/** Points results/latest.txt at a run id (what `report` and `check` use when no run id is given). */
export async function setLatestRun(resultsDir: string, runId: string): Promise<void> {
  await writeFileAtomic(join(resultsDir, LATEST_FILE), `${runId}\n`);
}

/** The run id in results/latest.txt, or null when no run has been recorded. */
export async function latestRunId(resultsDir: string): Promise<string | null> {
  const file = Bun.file(join(resultsDir, LATEST_FILE));
  if (!(await file.exists())) return null;
  return (await file.text()).trim() || null;
}

/** On resume: the planned cells with no record yet, or whose record says the engine went away. */
export function cellsToRun(planned: Cell[], done: Map<string, CellRecord>): Cell[] {
  return planned.filter((cell) => {
    const record = done.get(cell.id);
    return !record || record.status === "engine-lost";
  });
}
