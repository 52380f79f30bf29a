import { expect, test } from "bun:test";

const repoRoot = new URL("../..", import.meta.url).pathname;

test("the running Bun is the pinned one", async () => {
  const pinned = (await Bun.file(`${repoRoot}.bun-version`).text()).trim();
  expect(Bun.version).toBe(pinned);
});

test("setup is idempotent: a second run installs nothing", () => {
  const run = Bun.spawnSync(["bash", "scripts/setup.sh", "--docker"], { cwd: repoRoot, stderr: "pipe" });
  const stderr = run.stderr.toString();
  expect(run.exitCode).toBe(0);
  expect(stderr).not.toContain("installing");
  expect(stderr).not.toContain("starting dockerd");
}, 30_000);
