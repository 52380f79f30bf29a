import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { z } from "zod";
import { CellRecord } from "../results/cell-record.ts";
import { ReportInputError } from "./report-input-error.ts";

/** What a finished run directory holds, read defensively: bad cell files are listed, not fatal. */
export interface RunDirContents {
  runDir: string;
  runId: string;
  records: CellRecord[];
  run: Record<string, unknown> | null;
  cloudRun: unknown;
  problems: string[];
}

const looseObject = z.record(z.string(), z.unknown());

/** The matrix's cloudRun section as stored in run.json, wherever the run record keeps it. */
function cloudRunOf(run: Record<string, unknown> | null): unknown {
  if (!run) return undefined;
  if (run.cloudRun !== undefined) return run.cloudRun;
  const plan = looseObject.safeParse(run.plan);
  return plan.success ? plan.data.cloudRun : undefined;
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await Bun.file(path).text());
}

/** Reads results/<run-id>/: cells/*.json (CellRecord) and run.json when present. */
export async function readRunDir(runDir: string): Promise<RunDirContents> {
  const cellsDir = join(runDir, "cells");
  let names: string[];
  try {
    names = (await readdir(cellsDir)).filter((n) => n.endsWith(".json")).sort();
  } catch (cause) {
    throw new ReportInputError(
      `no cells/ directory in ${runDir}`,
      "Pass a run id from results/ (ls results/).",
      {
        cause,
      },
    );
  }
  const records: CellRecord[] = [];
  const problems: string[] = [];
  for (const name of names) {
    try {
      const parsed = CellRecord.safeParse(await readJson(join(cellsDir, name)));
      if (parsed.success) records.push(parsed.data);
      else problems.push(`cells/${name}: ${z.prettifyError(parsed.error)}`);
    } catch (error) {
      problems.push(`cells/${name}: ${(error as Error).message}`);
    }
  }
  if (records.length === 0)
    throw new ReportInputError(
      `no readable cell records in ${cellsDir}${problems.length ? `:\n${problems.join("\n")}` : ""}`,
      "Run `bun runner/matrix.ts` first, or check that the run finished at least one cell.",
    );
  let run: Record<string, unknown> | null = null;
  const runFile = Bun.file(join(runDir, "run.json"));
  if (await runFile.exists()) {
    try {
      const parsed = looseObject.safeParse(await runFile.json());
      if (parsed.success) run = parsed.data;
      else problems.push("run.json: not a JSON object");
    } catch (error) {
      problems.push(`run.json: ${(error as Error).message}`);
    }
  }
  const runId = typeof run?.runId === "string" ? run.runId : (records[0]?.runId ?? basename(runDir));
  return { runDir, runId, records, run, cloudRun: cloudRunOf(run), problems };
}
