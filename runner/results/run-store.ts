import { mkdir, rm } from "node:fs/promises";
import type { HostProbe } from "../../contract/host-probe.ts";
import type { Plan } from "../plan/plan.ts";
import type { CellRecord, Repetition } from "./cell-record.ts";
import { setLatestRun } from "./latest-run.ts";
import type { PartialCell } from "./partial-cell.ts";
import { readCellRecords } from "./read-cell-records.ts";
import { readPartialCells } from "./read-partial-cells.ts";
import { readRunRecord } from "./read-run-record.ts";
import type { RepetitionOrder } from "./repetition-order.ts";
import { runCellEntry } from "./run-cell-entry.ts";
import { type RunPaths, runPaths } from "./run-paths.ts";
import type { RunEnvironment, RunImage, RunRecord, RunState } from "./run-record.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

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
