import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flagCases } from "./flag-cases.ts";
import { VALID_MATRIX } from "./matrix/matrix-text.ts";
import { SERVICE_DIR_DOCKERFILE } from "./matrix/service-dir-dockerfile.ts";
import { matrixCases } from "./matrix-cases.ts";
import { leaks, type Outcome, runInProcess } from "./run-entry.ts";
import type { Damage } from "./stored/damage.ts";
import { SIZING_DAMAGES } from "./stored/sizing-damages.ts";
import { damagedResults, RUN_DAMAGES } from "./stored-cases.ts";
import { trafficCases } from "./traffic-cases.ts";

/**
 * Issue 13's corpus: malformed matrix files, command lines of every command and damaged stored runs, generated
 * here, through the real entry point (main() in-process for all, `bun runner/matrix.ts` for a sample). Each must
 * exit 2 with a message naming what is wrong: no stack trace, no "unexpected error", never accepted.
 */
const root = mkdtempSync(join(tmpdir(), "corpus-"));
const ENV = { DOCKER_HOST: "unix:///nonexistent/docker.sock" };
const saved = { ...process.env };
const figures: Array<{ category: string; name: string; outcome: Outcome }> = [];

type Input = { category: string; name: string; argv: string[]; mentions: string[]; storedDir?: string };

function matrixInputs(): Input[] {
  const dir = join(root, "matrices");
  mkdirSync(dir);
  writeFileSync(join(dir, "matrix-file-as-context.yaml"), "x");
  mkdirSync(join(dir, "svc"));
  writeFileSync(join(dir, "svc", "Dockerfile"), SERVICE_DIR_DOCKERFILE);
  return matrixCases().map((c, i) => {
    const file = join(dir, `m${i}.yaml`);
    writeFileSync(file, c.text);
    return {
      category: "matrix file",
      name: c.name,
      argv: [file, "--dry-run", "--out", join(root, "out")],
      mentions: [file, ...c.mentions],
    };
  });
}

function flagInputs(): Input[] {
  const valid = join(root, "valid.yaml");
  const bad = join(root, "bad.yaml");
  const file = join(root, "a-file");
  writeFileSync(valid, VALID_MATRIX);
  writeFileSync(bad, "axes: { cpus: [0] }\nscenarios: { throughput: {} }\n");
  writeFileSync(file, "x");
  const results = join(root, "empty-results");
  mkdirSync(results);
  const fill = (arg: string) =>
    arg
      .replace("{matrix}", valid)
      .replace("{badmatrix}", bad)
      .replace("{file}", file)
      .replace("{results}", results);
  return flagCases().map((c) => ({
    category: `${c.argv[0] === "check" || c.argv[0] === "report" || c.argv[0] === "compare" ? c.argv[0] : "run"} flags`,
    name: c.name,
    argv: c.argv.map(fill),
    mentions: c.mentions,
  }));
}

async function storedInputs(): Promise<Input[]> {
  const matrix = join(root, "valid.yaml");
  const inputs: Input[] = [];
  const add = async (damage: Damage, commands: (results: string) => Array<[string, string[]]>) => {
    for (const [command, argv] of commands("")) {
      const { results, bad } = await damagedResults(join(root, "stored"), damage, inputs.length);
      const filled = argv.map((a) => (a === "{results}" ? results : a));
      inputs.push({
        category: `stored run (${command})`,
        name: `${command}: ${damage.name}`,
        argv: filled,
        mentions: [damage.names(bad)],
        storedDir: results,
      });
    }
  };
  const size = [
    "--cpus",
    "1",
    "--memory",
    "512Mi",
    "--target",
    "1",
    "--matrix",
    matrix,
    "--results",
    "{results}",
  ];
  for (const damage of RUN_DAMAGES)
    await add(damage, () => [
      ["report", ["report", "bad", "--results", "{results}"]],
      ["report", ["report", "--results", "{results}"]],
      ["compare", ["compare", "good", "bad", "--results", "{results}"]],
      ["check", ["check", ...size, "--baseline", "bad"]],
    ]);
  for (const damage of SIZING_DAMAGES)
    await add(damage, () => [
      ["check", ["check", "--target", "1", "--matrix", matrix, "--results", "{results}"]],
    ]);
  return inputs;
}

/** A valid stored run "good" and one malformed traffic CSV per case for `report good --traffic`. */
async function trafficInputs(): Promise<Input[]> {
  const { results } = await damagedResults(
    join(root, "traffic"),
    { name: "none", apply: async () => {}, names: () => "" },
    0,
  );
  return trafficCases().map((c, i) => {
    const file = join(root, `traffic-${i}.csv`);
    if (c.text !== null) writeFileSync(file, c.text);
    return {
      category: "traffic CSV (report)",
      name: c.name,
      argv: ["report", "good", "--traffic", file, "--results", results],
      mentions: [file, ...c.mentions],
      storedDir: results,
    };
  });
}

/** sha256 of every file under a directory, by path: equal before and after means nothing was written. */
function checksums(dir: string): Record<string, string> {
  const sums: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, entry);
    sums[entry] = statSync(path).isDirectory()
      ? "dir"
      : createHash("sha256").update(readFileSync(path)).digest("hex");
  }
  return sums;
}

let inputs: Input[] = [];
beforeAll(async () => {
  Object.assign(process.env, ENV);
  inputs = [...matrixInputs(), ...flagInputs(), ...(await storedInputs()), ...(await trafficInputs())];
}, 60_000);
afterAll(() => {
  for (const key of Object.keys(ENV))
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  const byCategory = new Map<string, Outcome[]>();
  for (const { category, outcome } of figures)
    byCategory.set(category, [...(byCategory.get(category) ?? []), outcome]);
  const rows = [...byCategory].map(([category, outcomes]) => {
    const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    return `  ${category.padEnd(28)} ${String(outcomes.length).padStart(4)} inputs  median ${ms[Math.floor(ms.length / 2)]?.toFixed(1)} ms  max ${ms.at(-1)?.toFixed(1)} ms  max rss ${Math.max(...outcomes.map((o) => o.rssMb)).toFixed(0)} MiB`;
  });
  const slowest = [...figures].sort((a, b) => b.outcome.ms - a.outcome.ms).slice(0, 5);
  const slow = slowest.map((f) => `  ${f.outcome.ms.toFixed(0).padStart(6)} ms  ${f.category} / ${f.name}`);
  console.log(
    `malformed-input corpus: ${figures.length} inputs\n${rows.join("\n")}\nslowest:\n${slow.join("\n")}`,
  );
});

describe("malformed-input corpus through the real entry point", () => {
  test("the valid base matrix is accepted (so every mutation below is what fails)", async () => {
    const outcome = await runInProcess([join(root, "valid.yaml"), "--dry-run", "--out", join(root, "out")]);
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
  });

  test("at least 300 inputs: each exits 2, names the problem, leaks nothing, writes nothing", async () => {
    expect(inputs.length).toBeGreaterThanOrEqual(300);
    const failures: string[] = [];
    for (const input of inputs) {
      const before = input.storedDir ? checksums(input.storedDir) : null;
      const outcome = await runInProcess(input.argv);
      figures.push({ category: input.category, name: input.name, outcome });
      const problems = leaks(outcome);
      if (outcome.code !== 2) problems.push(`exit ${outcome.code}`);
      for (const mention of input.mentions)
        if (!outcome.stderr.includes(mention)) problems.push(`does not mention ${JSON.stringify(mention)}`);
      if (before && JSON.stringify(checksums(input.storedDir as string)) !== JSON.stringify(before))
        problems.push("changed stored files");
      if (problems.length > 0)
        failures.push(
          `${input.category} / ${input.name}: ${problems.join(", ")}\n    ${outcome.stderr.slice(0, 400).replaceAll("\n", "\n    ")}`,
        );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
