import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CellRecord } from "../../runner/results/cell-record.ts";
import { fakeMatrix } from "../runner/sizing/fixture-builder.ts";
import { writeFixtureRun } from "../runner/sizing/write-fixture-run.ts";

/** One way to damage a stored run: what it does to run "bad" and which file the error must name. */
export type Damage = {
  name: string;
  apply: (runDir: string) => Promise<void>;
  names: (runDir: string) => string;
};

const runJson = (dir: string) => join(dir, "run.json");
const write = (path: string, text: string) => writeFile(path, text);
const editRun = (edit: (run: Record<string, unknown>) => void) => async (dir: string) => {
  const run = (await Bun.file(runJson(dir)).json()) as Record<string, unknown>;
  edit(run);
  await write(runJson(dir), JSON.stringify(run));
};
const plan = (run: Record<string, unknown>) => run.plan as Record<string, unknown>;
const cloudRun = (run: Record<string, unknown>) => plan(run).cloudRun as Record<string, unknown>;
const firstCell = async (dir: string) =>
  join(dir, "cells", (await Array.fromAsync(new Bun.Glob("*.json").scan(join(dir, "cells"))))[0] ?? "");

export const RUN_DAMAGES: Damage[] = [
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
  {
    name: "cell file not JSON",
    apply: async (d) => write(await firstCell(d), "{not json"),
    names: (d) => join(d, "cells"),
  },
  {
    name: "cell file empty",
    apply: async (d) => write(await firstCell(d), ""),
    names: (d) => join(d, "cells"),
  },
  {
    name: "cell file an empty object",
    apply: async (d) => write(await firstCell(d), "{}"),
    names: (d) => join(d, "cells"),
  },
  {
    name: "cell file schemaVersion 2",
    apply: async (d) => {
      const f = await firstCell(d);
      const c = await Bun.file(f).json();
      await write(f, JSON.stringify({ ...c, schemaVersion: 2 }));
    },
    names: (d) => join(d, "cells"),
  },
  {
    name: "cell file truncated",
    apply: async (d) => {
      const f = await firstCell(d);
      await write(f, (await Bun.file(f).text()).slice(0, 100));
    },
    names: (d) => join(d, "cells"),
  },
  {
    name: "cell file a directory",
    apply: (d) => mkdir(join(d, "cells", "zz-dir.json")),
    names: (d) => join(d, "cells", "zz-dir.json"),
  },
  {
    name: "duplicate cell id in two files",
    apply: async (d) => {
      const f = await firstCell(d);
      await write(join(d, "cells", "zz-copy.json"), await Bun.file(f).text());
    },
    names: (d) => join(d, "cells"),
  },
  {
    name: "cells folder missing",
    apply: (d) => rm(join(d, "cells"), { recursive: true }),
    names: (d) => join(d, "cells"),
  },
  {
    name: "cells folder empty",
    apply: async (d) => {
      await rm(join(d, "cells"), { recursive: true });
      await mkdir(join(d, "cells"));
    },
    names: (d) => join(d, "cells"),
  },
];

export const SIZING_DAMAGES: Damage[] = [
  {
    name: "sizing.json not JSON",
    apply: (d) => write(join(d, "sizing.json"), "{nope"),
    names: (d) => join(d, "sizing.json"),
  },
  {
    name: "sizing.json an empty object",
    apply: (d) => write(join(d, "sizing.json"), "{}"),
    names: (d) => join(d, "sizing.json"),
  },
  {
    name: "sizing.json null",
    apply: (d) => write(join(d, "sizing.json"), "null"),
    names: (d) => join(d, "sizing.json"),
  },
  {
    name: "sizing.json a directory",
    apply: async (d) => {
      await rm(join(d, "sizing.json"));
      await mkdir(join(d, "sizing.json"));
    },
    names: (d) => join(d, "sizing.json"),
  },
  {
    name: "sizing.json truncated",
    apply: (d) => write(join(d, "sizing.json"), '{"schemaVersion": 1, "runId": "ba'),
    names: (d) => join(d, "sizing.json"),
  },
];

/** A results dir holding a valid run "good" and a run "bad" (latest), with one damage applied to "bad". */
export async function damagedResults(
  root: string,
  damage: Damage,
  index: number,
): Promise<{ results: string; bad: string }> {
  const results = join(root, `stored-${index}`);
  const records: CellRecord[] = fakeMatrix("good").slice(0, 4);
  await writeFixtureRun(results, "good", records, { cloudRun: { targetPerSec: 1_000_000 } });
  const bad = await writeFixtureRun(results, "bad", fakeMatrix("bad").slice(0, 4), {
    cloudRun: { targetPerSec: 1_000_000 },
  });
  await write(join(bad, "sizing.json"), "{}");
  await damage.apply(bad);
  return { results, bad };
}
