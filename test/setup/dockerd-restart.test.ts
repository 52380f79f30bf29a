import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repoRoot = join(import.meta.dir, "../..");
const canRun = process.getuid?.() === 0 && existsSync("/etc/debian_version");

/** Fake docker/pgrep/dockerd on PATH: a dockerd seen shutting down by the first `shutdownChecks` pgrep calls. */
function fakeEngine(shutdownChecks: number | null) {
  const dir = mkdtempSync(join(tmpdir(), "fake-engine-"));
  const bin = join(dir, "bin");
  Bun.spawnSync(["mkdir", "-p", bin]);
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\nSTATE=${dir}\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  writeFileSync(join(dir, "checks-left"), String(shutdownChecks ?? 1_000_000));
  script("docker", '[ -f "$STATE/up" ]');
  script(
    "pgrep",
    'left=$(cat "$STATE/checks-left"); echo $((left - 1)) > "$STATE/checks-left"; [ "$left" -gt 0 ] || [ -f "$STATE/started" ]',
  );
  script("dockerd", 'touch "$STATE/started"; sleep 1; touch "$STATE/up"; sleep 1');
  return { dir, bin };
}

function setup(engine: { dir: string; bin: string }, waitSeconds: number) {
  const started = performance.now();
  const run = Bun.spawnSync(["bash", "scripts/setup.sh", "--docker"], {
    cwd: repoRoot,
    stderr: "pipe",
    env: {
      ...process.env,
      PATH: `${engine.bin}:${process.env.PATH}`,
      DOCKER_WAIT_SECONDS: String(waitSeconds),
      DOCKERD_LOG: join(engine.dir, "dockerd.log"),
      DOCKERD_PIDFILE: join(engine.dir, "docker.pid"),
    },
  });
  return { code: run.exitCode, stderr: run.stderr.toString(), seconds: (performance.now() - started) / 1000 };
}

describe.skipIf(!canRun)("setup.sh and a dockerd that is shutting down", () => {
  test("waits for it to exit, then starts a fresh one", () => {
    const result = setup(fakeEngine(3), 20);
    expect(result.stderr).toContain("not answering (starting or shutting down): waiting");
    expect(result.stderr).toContain("starting dockerd");
    expect(result.code).toBe(0);
    expect(result.seconds).toBeLessThan(20);
  }, 30_000);

  test("one that never exits nor answers: gives up after the wait, saying so", () => {
    const result = setup(fakeEngine(null), 2);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("did not answer within 2s after 0 start(s)");
  }, 30_000);
});
