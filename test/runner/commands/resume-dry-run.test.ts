import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { runInProcess } from "../../corpus/run-entry.ts";
import { fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

const sums = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[]).map((p) =>
    statSync(join(dir, p)).isDirectory()
      ? p
      : `${p}:${createHash("sha256")
          .update(readFileSync(join(dir, p)))
          .digest("hex")}`,
  );

test("--resume with --dry-run reads the stored run, says what would run, and starts nothing", async () => {
  const results = await tempResultsDir();
  await writeFixtureRun(results, "2026-11-01T00-00-00Z-abc123", fakeMatrix("x").slice(0, 3));
  const before = sums(results);
  const saved = process.env.DOCKER_HOST;
  process.env.DOCKER_HOST = "unix:///nonexistent/docker.sock";
  try {
    const outcome = await runInProcess([
      "--resume",
      "2026-11-01T00-00-00Z-abc123",
      "--dry-run",
      "--out",
      results,
    ]);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("Resume 2026-11-01T00-00-00Z-abc123: 3 cell(s) recorded, 0 to run.");
  } finally {
    if (saved === undefined) delete process.env.DOCKER_HOST;
    else process.env.DOCKER_HOST = saved;
  }
  expect(sums(results)).toEqual(before);
});
