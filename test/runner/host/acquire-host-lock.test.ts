import { expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acquireHostLock, withHostLock } from "../../../runner/host/host-lock.ts";

test("a second run waits for the first, says for which run and pid, and gets the lock once it is released", async () => {
  const dir = await mkdtemp(join(tmpdir(), "host-lock-"));
  try {
    const path = join(dir, "lock");
    const first = await acquireHostLock({ runId: "run-A", log: () => undefined, path });
    const lines: string[] = [];
    let second = false;
    const waiting = acquireHostLock({ runId: "run-B", log: (line) => lines.push(line), path }).then(
      (lock) => {
        second = true;
        return lock;
      },
    );
    await Bun.sleep(600);
    expect(second).toBe(false);
    expect(lines).toEqual([expect.stringContaining(`waiting for run run-A (pid ${process.pid})`)]);
    first.release();
    (await waiting).release();
    expect(second).toBe(true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("disabled (--no-host-lock): the work runs without any lock", async () => {
  const dir = await mkdtemp(join(tmpdir(), "host-lock-"));
  try {
    const path = join(dir, "lock");
    const held = await acquireHostLock({ runId: "other", log: () => undefined, path });
    const result = await withHostLock(false, { runId: "me", log: () => undefined, path }, async () => 42);
    expect(result).toBe(42);
    held.release();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
