import { expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readHostBusySeconds } from "../../../../runner/drivers/local/cgroup-accounting.ts";

test("busy = user + nice + system + irq + softirq + steal, in seconds (USER_HZ 100); idle and iowait are not", async () => {
  const dir = await mkdtemp(join(tmpdir(), "proc-stat-"));
  try {
    const path = join(dir, "stat");
    await writeFile(path, "cpu  100 20 30 5000 400 5 6 7 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\n");
    expect(await readHostBusySeconds(path)).toBeCloseTo(1.68);
    expect(await readHostBusySeconds(join(dir, "missing"))).toBeNull();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the host's real counter is readable and moves forward", async () => {
  const first = await readHostBusySeconds();
  expect(first).not.toBeNull();
  expect((await readHostBusySeconds()) ?? 0).toBeGreaterThanOrEqual(first ?? 0);
});
