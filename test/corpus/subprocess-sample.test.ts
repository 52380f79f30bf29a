import { describe, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flagCases } from "./flag-cases.ts";
import { VALID_MATRIX } from "./matrix/matrix-text.ts";
import { matrixCases } from "./matrix-cases.ts";
import { leaks, type Outcome, runSubprocess } from "./run-entry.ts";
import { damagedResults, RUN_DAMAGES } from "./stored-cases.ts";

/** A sample of the corpus through `bun runner/matrix.ts` as a subprocess (the in-process test runs all of it). */
const root = mkdtempSync(join(tmpdir(), "corpus-sub-"));
const ENV = { DOCKER_HOST: "unix:///nonexistent/docker.sock" };
const MAX_RSS_MIB = 500;
const BATCH = 2;

/** A 50 MB matrix whose list repeats one value (the 111 s / 15.6 GB case), written in chunks. */
function fiftyMegabyteMatrix(): string {
  const file = join(root, "fifty-mb.yaml");
  const fd = openSync(file, "w");
  writeSync(fd, "scenarios: { throughput: {} }\naxes:\n  cpus: [1");
  const chunk = ", 1".repeat(1_000_000);
  for (let written = 0; written < 50_000_000; written += chunk.length) writeSync(fd, chunk);
  writeSync(fd, "]\n");
  closeSync(fd);
  return file;
}

async function sample(): Promise<Array<{ name: string; argv: string[] }>> {
  const valid = join(root, "valid.yaml");
  writeFileSync(valid, VALID_MATRIX);
  const matrices = matrixCases().filter((_, i) => i % 12 === 0);
  const inputs = matrices.map((c, i) => {
    const file = join(root, `m${i}.yaml`);
    writeFileSync(file, c.text);
    return { name: `matrix: ${c.name}`, argv: [file, "--dry-run", "--out", root] };
  });
  const flags = flagCases().filter((_, i) => i % 15 === 0);
  for (const c of flags)
    inputs.push({
      name: `flags: ${c.name}`,
      argv: c.argv.map((a) =>
        a
          .replace("{matrix}", valid)
          .replace("{results}", root)
          .replace("{file}", valid)
          .replace("{badmatrix}", valid),
      ),
    });
  for (const [i, damage] of RUN_DAMAGES.filter((_, j) => j % 6 === 0).entries()) {
    const { results } = await damagedResults(join(root, "stored"), damage, i);
    inputs.push({ name: `stored: report, ${damage.name}`, argv: ["report", "bad", "--results", results] });
  }
  inputs.push({
    name: "matrix: a 50 MB file repeating one value",
    argv: [fiftyMegabyteMatrix(), "--dry-run", "--out", root],
  });
  return inputs;
}

describe("bun runner/matrix.ts on a sample of the corpus (subprocess)", () => {
  test("each exits 2 with no stack trace or unexpected error, under 500 MB", async () => {
    const inputs = await sample();
    const results: Array<{ name: string; outcome: Outcome }> = [];
    for (let start = 0; start < inputs.length; start += BATCH) {
      const batch = inputs.slice(start, start + BATCH);
      const outcomes = await Promise.all(batch.map((input) => runSubprocess(input.argv, ENV)));
      results.push(...batch.map((input, i) => ({ name: input.name, outcome: outcomes[i] as Outcome })));
    }
    console.log(
      `subprocess sample: ${results.length} inputs\n${results
        .map(
          ({ name, outcome }) =>
            `  exit ${outcome.code}  ${outcome.ms.toFixed(0).padStart(5)} ms  ${outcome.rssMb.toFixed(0).padStart(4)} MiB  ${name}`,
        )
        .join("\n")}`,
    );
    const bad = results.flatMap(({ name, outcome }) => {
      const problems = leaks(outcome);
      if (outcome.code !== 2) problems.push(`exit ${outcome.code}`);
      if (outcome.rssMb > MAX_RSS_MIB) problems.push(`${outcome.rssMb.toFixed(0)} MiB`);
      return problems.length ? [`${name}: ${problems.join(", ")}: ${outcome.stderr.slice(0, 300)}`] : [];
    });
    expect(results.length).toBeGreaterThanOrEqual(25);
    expect(bad).toEqual([]);
  }, 120_000);

  test("SIGTERM while loading a large matrix ends the process promptly", async () => {
    const file = join(root, "large-valid.yaml");
    const env = Array.from({ length: 900 }, (_, i) => `      V${i}: "${"x".repeat(110)}"`).join("\n");
    writeFileSync(
      file,
      `axes: { cpus: [1], memory: [512Mi], smol: [false] }\nscenarios:\n  throughput:\n    env:\n${env}\n`,
    );
    const proc = Bun.spawn(
      ["bun", join(import.meta.dir, "../../runner/matrix.ts"), file, "--dry-run", "--out", root],
      {
        stdout: "ignore",
        stderr: "pipe",
        env: { ...process.env, ...ENV },
      },
    );
    await Bun.sleep(150);
    const sent = performance.now();
    proc.kill("SIGTERM");
    const code = await proc.exited;
    const afterSignalMs = performance.now() - sent;
    console.log(
      `SIGTERM while loading: exit ${code} (signal ${proc.signalCode ?? "none"}) ${afterSignalMs.toFixed(0)} ms after the signal`,
    );
    expect(code === 143 || proc.signalCode === "SIGTERM" || code === 0).toBe(true);
    expect(await new Response(proc.stderr).text()).not.toContain("unexpected error");
  }, 20_000);
});
