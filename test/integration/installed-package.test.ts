import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { execa } from "execa";
import { latestRunId, readRunCells } from "../../bench/known-answers/read-run-cells.ts";
import { loadMatrix } from "../../runner/config/load-matrix.ts";
import { buildBinaries } from "../../scripts/build-binary.ts";
import { NO_PROBE_ENV, REPO_ROOT } from "./integration-image.ts";
import { useTempDir } from "./use-temp-dir.ts";

// The tool as users get it: `npm pack`, installed into a fresh project holding only a small Bun app and its Dockerfile
// as Bun's Docker guide writes it; `init` then `run` there size the app; the compiled binary does the same.
let work = "";
useTempDir("it-installed-", (path) => {
  work = path;
});

/** From examples/hono-service: Bun's Docker guide's Dockerfile and .dockerignore, and a Hono app's manifest and lockfile. */
const GUIDE_FILES = ["Dockerfile", ".dockerignore", "package.json", "bun.lock"];
/** The app: a health route and one route of about a millisecond of CPU, so the service, not the generator, is the limit. */
const APP_SOURCE = `import { createHash } from "node:crypto";
import { Hono } from "hono";

export const app = new Hono();
const block = Buffer.alloc(64 * 1024, 7);

app.get("/health", (c) => c.text("ok"));
app.get("/digest", (c) => {
  let digest: Buffer = block;
  for (let i = 0; i < 16; i++) digest = createHash("sha256").update(digest).update(block).digest();
  return c.json({ digest: digest.toString("hex") });
});

export default { port: Number(process.env.PORT ?? 3000), fetch: app.fetch };
`;
const APP_TEST = `import { expect, test } from "bun:test";
import { app } from "./index.ts";

test("/health answers", async () => expect((await app.request("/health")).status).toBe(200));
`;
const RESULTS = "bun-capacity-results";
/** The smallest run that still sizes the app: one cell, one repetition, half-second steps (set in the matrix). */
const ONE_CELL = ["--cpus", "1", "--memory", "512Mi", "--reps", "1"];
const VERSION = (await Bun.file(join(REPO_ROOT, "package.json")).json()).version as string;

const app = () => join(work, "app");
const env = () => ({ ...NO_PROBE_ENV, BUN_CAPACITY_CACHE_DIR: join(work, "cache") });

/** Every file under `dir` (paths and bytes): equal hash, nothing written there. */
async function folderHash(dir: string): Promise<string> {
  const hash = createHash("sha256");
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  for (const file of files.sort()) {
    hash.update(`${relative(dir, file)}\n`);
    hash.update(await readFile(file));
  }
  return `${files.length} files ${hash.digest("hex")}`;
}

/** init, then the one-cell run; returns the run's folder after checking it sized the app. */
async function initAndRun(command: string[], initFlags: string[]): Promise<string> {
  const started = performance.now();
  const init = await execa(command[0] as string, [...command.slice(1), "init", ...initFlags], {
    cwd: app(),
    env: env(),
    reject: false,
  });
  expect({ exitCode: init.exitCode, stderr: init.exitCode === 0 ? "" : init.stderr }).toEqual({
    exitCode: 0,
    stderr: "",
  });
  expect(init.stderr).toContain("GET /digest: 200");
  const matrixPath = join(app(), "matrix.yaml");
  const written = await readFile(matrixPath, "utf8");
  expect(written).toContain('readyPath: "/health" # checked: answered 200');
  expect(written).toContain('request: { method: GET, path: "/digest" }');
  expect(loadMatrix(matrixPath).base?.service?.port).toBe(3000);
  await writeFile(matrixPath, written.replace("stepSeconds: 1\n", "stepSeconds: 0.5\n"));
  const initSeconds = (performance.now() - started) / 1000;
  const run = await execa(command[0] as string, [...command.slice(1), "run", ...ONE_CELL], {
    cwd: app(),
    env: env(),
    reject: false,
  });
  const waited = run.stderr.includes("to finish measuring on this host") ? " (waited for the host lock)" : "";
  const runSeconds = (performance.now() - started) / 1000 - initSeconds;
  console.error(
    `[installed-package] init ${initSeconds.toFixed(1)} s, run ${runSeconds.toFixed(1)} s${waited}`,
  );
  expect({ exitCode: run.exitCode, stderr: run.exitCode === 0 ? "" : run.stderr }).toEqual({
    exitCode: 0,
    stderr: "",
  });
  const runDir = join(app(), RESULTS, await latestRunId(join(app(), RESULTS)));
  const runJson = await Bun.file(join(runDir, "run.json")).json();
  expect(runJson.environment.toolVersion).toBe(VERSION);
  expect((await Bun.file(join(runDir, "sizing.json")).json()).toolVersion).toBe(VERSION);
  const [record] = await readRunCells(runDir);
  expect(record?.cell.id).toBe("digest__cpu1__mem512Mi__smol0__conc80");
  // A busy 2-core host may still be the limit (exceeds-host: figures kept, not used for sizing); either way the
  // repetition measured a ceiling.
  const ceilingPerSec = record?.repetitions.find((r) => r.result)?.result?.ceiling?.ceilingPerSec ?? 0;
  expect(["ok", "exceeds-host"]).toContain(record?.status ?? "none");
  expect(ceilingPerSec).toBeGreaterThan(100);
  return runDir;
}

test(
  "the packed tarball, installed into a fresh project, inits and sizes its app there and writes nothing into itself",
  async () => {
    const packed = await execa("npm", ["pack", "--json", "--pack-destination", work], { cwd: REPO_ROOT });
    const [info] = JSON.parse(packed.stdout) as Array<{
      filename: string;
      size: number;
      files: { path: string }[];
    }>;
    const paths = info?.files.map((file) => file.path) ?? [];
    console.error(`[installed-package] ${info?.filename}: ${info?.size} bytes, ${paths.length} files`);
    const bundledDemo =
      /^(engine|examples|bench|test|scripts|docs)\/|^scenarios\/(?!flags\.schema\.json$)|^service\/(?!workloads\/)/;
    expect(paths.filter((path) => bundledDemo.test(path))).toEqual([]);
    for (const needed of [
      "runner/bun-capacity.ts",
      "runner/image/offline-base.ts",
      "generator/Dockerfile",
      "generator/ready-paths.ts",
      "runner/host/probe-program/Dockerfile",
      ".bun-version",
      "bun.lock",
    ])
      expect(paths).toContain(needed);

    await mkdir(app());
    const example = join(REPO_ROOT, "examples/hono-service");
    for (const file of GUIDE_FILES) await copyFile(join(example, file), join(app(), file));
    await writeFile(join(app(), "index.ts"), APP_SOURCE);
    await writeFile(join(app(), "index.test.ts"), APP_TEST);
    // --no-save: the app's package.json and bun.lock stay its own, so its image builds as before.
    await execa("bun", ["add", "--no-save", join(work, info?.filename ?? "")], { cwd: app(), env: env() });
    const installed = join(app(), "node_modules/bun-capacity");
    const before = await folderHash(installed);

    const version = await execa("bunx", ["bun-capacity", "--version"], { cwd: app(), env: env() });
    expect(version.stdout).toBe(`bun-capacity ${VERSION} (Bun ${Bun.version})`);
    await initAndRun(["bunx", "bun-capacity"], []);
    expect(await folderHash(installed)).toBe(before);
  },
  { timeout: 480_000 },
);

test(
  "the compiled binary inits and sizes the same app, its version and Bun printed, its files outside the project",
  async () => {
    const [binary] = await buildBinaries(
      [process.arch === "arm64" ? "linux-arm64" : "linux-x64"],
      join(work, "dist"),
    );
    const version = await execa(binary as string, ["--version"], { env: env() });
    expect(version.stdout).toBe(`bun-capacity ${VERSION} (Bun ${Bun.version})`);
    const [assets] = await readdir(join(work, "cache/assets"));
    const extracted = join(work, "cache/assets", assets as string);
    const before = await folderHash(extracted);
    const runs = (await readdir(join(app(), RESULTS))).length;
    await initAndRun([binary as string], ["--force"]);
    expect((await readdir(join(app(), RESULTS))).length).toBe(runs + 1);
    expect(await folderHash(extracted)).toBe(before);
  },
  { timeout: 480_000 },
);
