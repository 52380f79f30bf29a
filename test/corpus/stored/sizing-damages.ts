import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Damage } from "./damage.ts";

const write = (path: string, text: string) => writeFile(path, text);

/** Damages to a stored run's sizing.json. */
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
