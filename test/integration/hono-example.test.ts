import { expect, test } from "bun:test";
import { join } from "node:path";
import { latestRunId } from "../../bench/known-answers/read-run-cells.ts";
import { runMatrixCli } from "./run-matrix-cli.ts";
import { useTempDir } from "./use-temp-dir.ts";

let outDir = "";
useTempDir("it-hono-example-", (path) => {
  outDir = path;
});

const GUIDE = join(import.meta.dir, "../../node_modules/bun-types/docs/guides/ecosystem/docker.mdx");

test("examples/hono-service's Dockerfile and .dockerignore are Bun's guide's, unmodified", async () => {
  const guide = await Bun.file(GUIDE).text();
  const block = (fence: string) =>
    guide
      .split(fence)[1]
      ?.split("```")[0]
      ?.replace(/^[^\n]*\n/, "");
  const example = (name: string) =>
    Bun.file(join(import.meta.dir, "../../examples/hono-service", name)).text();
  expect(await example("Dockerfile")).toBe(block("```docker Dockerfile") ?? "");
  expect(await example(".dockerignore")).toBe(block("```txt .dockerignore") ?? "");
});

test(
  "examples/hono-service builds with no registry (a stand-in for oven/bun:1) and sizes one cell",
  async () => {
    const args = ["examples/hono-service/matrix.yaml", "--scenario", "hello", "--cpus", "1", "--reps", "1"];
    const run = await runMatrixCli(args, outDir);
    expect({ exitCode: run.exitCode, stderr: run.exitCode === 0 ? "" : run.stderr }).toEqual({
      exitCode: 0,
      stderr: "",
    });
    expect(run.stderr).toContain("FROM oven/bun:1 (");
    expect(run.stderr).toMatch(/building on bun-capacity\/bun-base:\S+, a stand-in/);
    const runJson = await Bun.file(join(outDir, await latestRunId(outDir), "run.json")).json();
    expect(runJson.image.baseSource).toBe("stand-in for oven/bun:1");
    expect(run.cells.map((record) => record.cell.id)).toEqual(["hello__cpu1__mem256Mi__smol0__conc80"]);
    const [record] = run.cells;
    // On a 2-core host the generator may be the limit (exceeds-host: figures kept, not used for sizing); either
    // way the repetition measured a ceiling.
    const ceilingPerSec = record?.repetitions.find((r) => r.result)?.result?.ceiling?.ceilingPerSec ?? 0;
    const seen = { status: record?.status, message: record?.message, ceilingPerSec };
    expect(["ok", "exceeds-host"]).toContain(seen.status ?? "none");
    expect(seen.ceilingPerSec).toBeGreaterThan(100);
  },
  { timeout: 300_000 },
);
