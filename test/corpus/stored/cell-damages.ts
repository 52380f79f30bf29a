import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Damage } from "./damage.ts";

const write = (path: string, text: string) => writeFile(path, text);
const firstCell = async (dir: string) =>
  join(dir, "cells", (await Array.fromAsync(new Bun.Glob("*.json").scan(join(dir, "cells"))))[0] ?? "");

/** Damages to the cells folder and its cell files. */
export const CELL_DAMAGES: Damage[] = [
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
