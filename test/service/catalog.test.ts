import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";

const dir = join(import.meta.dir, "../../scenarios/service");

test("every catalog workload names an existing script, and every script is in the catalog", async () => {
  const catalog = await Bun.file(join(dir, "catalog.json")).json();
  const scripts = new Set<string>();
  for (const [name, w] of Object.entries(catalog.workloads) as Array<
    [string, { script: string; env: object }]
  >) {
    expect(existsSync(join(dir, w.script)), `${name}: ${w.script}`).toBe(true);
    scripts.add(w.script);
  }
  const onDisk = [...new Bun.Glob("*.js").scanSync(dir)].sort();
  expect([...scripts].sort()).toEqual(onDisk);
  expect(Object.keys(catalog.workloads)).toEqual(
    expect.arrayContaining([
      "broadcast-1",
      "broadcast-10",
      "broadcast-100",
      "connection-storm-10k",
      "queue-drain",
    ]),
  );
});
