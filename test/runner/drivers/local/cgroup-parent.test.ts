import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CgroupParent } from "../../../../runner/drivers/local/cgroup-accounting.ts";

let root = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "cgroup-root-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function write(path: string, text: string): Promise<void> {
  await mkdir(join(root, path, ".."), { recursive: true });
  await writeFile(join(root, path), text);
}

test("v1: the memory high-water mark, inactive file cache and CPU total of the parent", async () => {
  await write("memory/bun-capacity/x/memory.max_usage_in_bytes", "268447744\n");
  await write("memory/bun-capacity/x/memory.stat", "cache 5\ninactive_file 7\ntotal_inactive_file 4096\n");
  await write("cpuacct/bun-capacity/x/cpuacct.usage", "61015061\n");
  const parent = new CgroupParent(root, 1, "bun-capacity/x");
  expect(parent.path).toBe("/bun-capacity/x");
  expect(await parent.totals()).toEqual({
    memoryPeakBytes: 268447744,
    inactiveFileBytes: 4096,
    cpuNanos: 61015061,
    oomKills: null,
  });
});

test("the kernel's OOM kill count: v1 memory.oom_control, v2 memory.events", async () => {
  await write("memory/bun-capacity/x/memory.max_usage_in_bytes", "1\n");
  await write("memory/bun-capacity/x/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n");
  expect((await new CgroupParent(root, 1, "bun-capacity/x").totals())?.oomKills).toBe(2);
  await write("bun-capacity/y/memory.peak", "1\n");
  await write("bun-capacity/y/memory.events", "low 0\nhigh 0\nmax 9\noom 1\noom_kill 1\n");
  expect((await new CgroupParent(root, 2, "bun-capacity/y").totals())?.oomKills).toBe(1);
});

test("v2: memory.peak and cpu.stat usage_usec", async () => {
  await write("bun-capacity/x/memory.peak", "1000000\n");
  await write("bun-capacity/x/memory.stat", "anon 10\ninactive_file 300\n");
  await write("bun-capacity/x/cpu.stat", "usage_usec 2500\nuser_usec 2000\n");
  expect(await new CgroupParent(root, 2, "bun-capacity/x").totals()).toEqual({
    memoryPeakBytes: 1000000,
    inactiveFileBytes: 300,
    cpuNanos: 2_500_000,
    oomKills: null,
  });
});

test("nothing readable is null; remove() takes the parent out of every hierarchy", async () => {
  expect(await new CgroupParent(root, 1, "bun-capacity/none").totals()).toBeNull();
  for (const hierarchy of ["memory", "cpuacct", "pids"])
    await mkdir(join(root, hierarchy, "bun-capacity/x"), { recursive: true });
  await new CgroupParent(root, 1, "bun-capacity/x").remove();
  for (const hierarchy of ["memory", "cpuacct", "pids"]) {
    expect(await readdir(join(root, hierarchy, "bun-capacity"))).toEqual([]);
  }
});
