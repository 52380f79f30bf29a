import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { planOnly } from "../../../runner/commands/plan-only.ts";
import { REPO_ROOT } from "../../../runner/config/config-defaults.ts";

const HOST = { cores: 2, memoryBytes: 24 * 2 ** 30 };
const dir = mkdtempSync(path.join(tmpdir(), "plan-only-"));
const bad = path.join(dir, "bad.yaml");
writeFileSync(bad, "scenarios:\n  throughput: {}\naxes:\n  memory: [256Mi, 5Mi]\n");

describe("plan-only", () => {
  test("prints the plan and exits 0", () => {
    const result = planOnly([path.join(REPO_ROOT, "matrix.yaml"), "--profile", "quick"], HOST);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("throughput__cpu1__mem512Mi__smol1");
  });

  test("--help prints the usage", () => {
    expect(planOnly(["--help"], HOST).stdout).toStartWith(
      "Usage: bun runner/matrix.ts [run] [MATRIX_FILE] [flags]",
    );
  });

  test("a bad file or flag exits 2 with one paragraph", () => {
    const file = planOnly([bad], HOST);
    expect(file.exitCode).toBe(2);
    expect(file.stderr).toContain(`${bad}:4:19: axes.memory[1]: got "5Mi"`);
    expect(planOnly(["--smol", "maybe"], HOST)).toMatchObject({ exitCode: 2, stdout: "" });
    expect(planOnly([path.join(REPO_ROOT, "matrix.yaml"), "--profile", "nope"], HOST).exitCode).toBe(2);
  });

  test("as a process: exit code 2, one paragraph on stderr, no stack trace", async () => {
    const proc = Bun.spawn(["bun", path.join(REPO_ROOT, "runner/commands/plan-only.ts"), bad, "--dry-run"], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [exitCode, stdout, stderr] = await Promise.all([
      proc.exited,
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
    ]);
    expect(exitCode).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toContain("below Docker's minimum memory limit of 6Mi");
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 20_000);
});
