import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const repoRoot = path.join(import.meta.dir, "../../..");
const dir = mkdtempSync(path.join(tmpdir(), "bad-matrix-"));

/** Runs the real entry point on a matrix file; bad input must stop before Docker is touched. */
async function runMatrix(yaml: string, ...flags: string[]) {
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yaml);
  const proc = Bun.spawn(["bun", path.join(repoRoot, "runner/matrix.ts"), file, ...flags], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, DOCKER_HOST: "unix:///nonexistent.sock" },
  });
  const [exitCode, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { exitCode, stdout, stderr, file };
}

const cases: Array<[string, string, string[]]> = [
  ["a wrong type", "scenarios: { throughput: { repetitions: three } }\n", ["repetitions", "three"]],
  ["an unknown key", "scenarios: { throughput: {} }\naxes: { cpu: [1] }\n", ["axes", "cpu"]],
  ["a zero CPU limit", "scenarios: { throughput: {} }\naxes: { cpus: [0] }\n", ["axes.cpus[0]", "0"]],
  ["a negative CPU limit", "scenarios: { throughput: {} }\naxes: { cpus: [-1] }\n", ["axes.cpus[0]", "-1"]],
  ["an unknown scenario", "scenarios: { thruput: {} }\n", ["thruput", "throughput"]],
  [
    "memory below 6 MiB",
    "scenarios: { throughput: {} }\naxes: { memory: [5Mi] }\n",
    ["axes.memory[0]", "5Mi", "6Mi"],
  ],
  ["malformed YAML", "scenarios: { throughput: {\naxes: [\n", ["YAML"]],
];

describe("bun runner/matrix.ts on bad input", () => {
  for (const [what, yaml, mentions] of cases) {
    test(`${what}: exit 2 and one paragraph naming the file, field and value`, async () => {
      const { exitCode, stdout, stderr, file } = await runMatrix(yaml);
      expect(exitCode).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toContain(file);
      for (const mention of mentions) expect(stderr).toContain(mention);
      expect(stderr.trim().split("\n\n")).toHaveLength(1);
      expect(stderr).not.toMatch(/\n\s+at /);
    }, 20_000);
  }

  test("a bad flag: exit 2, names the flag and value", async () => {
    const { exitCode, stderr } = await runMatrix("scenarios: { throughput: {} }\n", "--smol", "maybe");
    expect(exitCode).toBe(2);
    expect(stderr).toContain("--smol");
    expect(stderr).toContain("maybe");
  }, 20_000);

  test("a good file with --dry-run prints the plan without Docker", async () => {
    const { exitCode, stdout } = await runMatrix("scenarios: { throughput: {} }\n", "--dry-run");
    expect(exitCode).toBe(0);
    expect(stdout).toContain("throughput__cpu1__mem512Mi__smol0");
  }, 20_000);
});
