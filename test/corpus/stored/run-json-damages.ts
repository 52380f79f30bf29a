import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Damage } from "./damage.ts";

const runJson = (dir: string) => join(dir, "run.json");
const write = (path: string, text: string) => writeFile(path, text);
const editRun = (edit: (run: Record<string, unknown>) => void) => async (dir: string) => {
  const run = (await Bun.file(runJson(dir)).json()) as Record<string, unknown>;
  edit(run);
  await write(runJson(dir), JSON.stringify(run));
};
const plan = (run: Record<string, unknown>) => run.plan as Record<string, unknown>;
const cloudRun = (run: Record<string, unknown>) => plan(run).cloudRun as Record<string, unknown>;

/** Damages to run.json itself: missing, not JSON, the wrong shape, a bad cloudRun, duplicate cell ids. */
export const RUN_JSON_DAMAGES: Damage[] = [
  { name: "run.json missing", apply: (d) => rm(runJson(d)), names: runJson },
  { name: "run.json empty", apply: (d) => write(runJson(d), ""), names: runJson },
  {
    name: "run.json truncated",
    apply: async (d) => write(runJson(d), (await Bun.file(runJson(d)).text()).slice(0, 200)),
    names: runJson,
  },
  { name: "run.json null", apply: (d) => write(runJson(d), "null"), names: runJson },
  { name: "run.json a list", apply: (d) => write(runJson(d), "[]"), names: runJson },
  { name: "run.json a number", apply: (d) => write(runJson(d), "42"), names: runJson },
  {
    name: "run.json binary",
    apply: (d) => writeFile(runJson(d), new Uint8Array([0, 159, 146, 150, 255])),
    names: runJson,
  },
  {
    name: "run.json a directory",
    apply: async (d) => {
      await rm(runJson(d));
      await mkdir(runJson(d));
    },
    names: runJson,
  },
  {
    name: "run.json schemaVersion 2",
    apply: editRun((r) => {
      r.schemaVersion = 2;
    }),
    names: runJson,
  },
  {
    name: "run.json without runId",
    apply: editRun((r) => {
      delete r.runId;
    }),
    names: runJson,
  },
  {
    name: "run.json without plan",
    apply: editRun((r) => {
      delete r.plan;
    }),
    names: runJson,
  },
  {
    name: "run.json state unknown",
    apply: editRun((r) => {
      r.state = "weird";
    }),
    names: runJson,
  },
  {
    name: "run.json without environment",
    apply: editRun((r) => {
      delete r.environment;
    }),
    names: runJson,
  },
  {
    name: "run.json extra key",
    apply: editRun((r) => {
      r.extra = 1;
    }),
    names: runJson,
  },
  {
    name: "cloudRun missing",
    apply: editRun((r) => {
      delete plan(r).cloudRun;
    }),
    names: runJson,
  },
  {
    name: "cloudRun null",
    apply: editRun((r) => {
      plan(r).cloudRun = null;
    }),
    names: runJson,
  },
  {
    name: "cloudRun without targetPerSec (never re-defaulted)",
    apply: editRun((r) => {
      delete cloudRun(r).targetPerSec;
    }),
    names: runJson,
  },
  {
    name: "cloudRun targetPerSec negative",
    apply: editRun((r) => {
      cloudRun(r).targetPerSec = -1;
    }),
    names: runJson,
  },
  {
    name: "cloudRun unknown key",
    apply: editRun((r) => {
      cloudRun(r).bogus = 1;
    }),
    names: runJson,
  },
  {
    name: "cloudRun targetPerSec a string",
    apply: editRun((r) => {
      cloudRun(r).targetPerSec = "1000000";
    }),
    names: runJson,
  },
  {
    name: "run.json duplicate cell ids",
    apply: editRun((r) => {
      const cells = r.cells as unknown[];
      cells.push(cells[0]);
    }),
    names: runJson,
  },
];
