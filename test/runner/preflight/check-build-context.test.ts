import { afterEach, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkBuildContext } from "../../../runner/preflight/check-build-context.ts";
import { runSubprocess } from "../../corpus/run-entry.ts";

let dir = "";
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function context(files: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), "ctx-check-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

const check = async (files: Record<string, string>, dockerfile = "Dockerfile") =>
  checkBuildContext({ context: await context(files), dockerfile }, "service.");
const messages = (result: { issues: Array<{ message: string }> }) => result.issues.map((i) => i.message);

test("a COPY of an excluded file is refused, naming the .dockerignore line and rule", async () => {
  const result = await check({
    Dockerfile: "FROM oven/bun:1\nWORKDIR /app\nCOPY index.ts secrets.env ./\n",
    ".dockerignore": "# local only\n*.env\n",
    "index.ts": "x",
    "secrets.env": "k",
  });
  expect(result.issues.map((i) => i.path)).toEqual(["service.build"]);
  expect(messages(result)).toEqual([
    "COPY secrets.env (Dockerfile line 3) is excluded from the build context by .dockerignore line 2 (*.env), so the build would fail at this line; remove that rule or add !secrets.env after it",
  ]);
});

test("Bun's guide: Dockerfile* and node_modules excluded, COPY . . and --from stages are fine", async () => {
  const guide = await Bun.file(join(import.meta.dir, "../../../examples/hono-service/Dockerfile")).text();
  const ignore = await Bun.file(join(import.meta.dir, "../../../examples/hono-service/.dockerignore")).text();
  const result = await check({
    Dockerfile: guide,
    ".dockerignore": ignore,
    "package.json": "{}",
    "bun.lock": "{}",
    "index.ts": "x",
    "node_modules/hono/index.js": "h",
  });
  expect(result.issues).toEqual([]);
  expect(result.summary).toContain(": 5 files, ");
  expect(result.summary).toContain(".dockerignore: 15 rules");
});

test("COPY of the Dockerfile itself when Dockerfile* excludes it: the daemon drops it from what COPY sees", async () => {
  const result = await check({ Dockerfile: "FROM x\nCOPY Dockerfile /\n", ".dockerignore": "Dockerfile*\n" });
  expect(messages(result)[0]).toContain("by .dockerignore line 1 (Dockerfile*)");
});

test("an exception re-includes; a folder or wildcard wholly excluded is refused; a missing source too", async () => {
  const result = await check({
    Dockerfile: [
      "FROM x",
      "COPY node_modules/keep.txt /k/",
      'COPY ["dist/", "/d/"]',
      "COPY *.log /l/",
      "COPY \\",
      "  missing.txt /m/",
      "COPY --from=build /out /o",
      "ADD https://example.com/x.tgz /x/",
    ].join("\n"),
    ".dockerignore": "node_modules\n!node_modules/keep.txt\ndist\n*.log\n",
    "node_modules/keep.txt": "k",
    "node_modules/a/index.js": "a",
    "dist/app.js": "d",
    "debug.log": "l",
  });
  expect(messages(result)).toEqual([
    expect.stringContaining(
      "COPY dist/ (Dockerfile line 3) is excluded from the build context by .dockerignore line 3 (dist)",
    ),
    expect.stringContaining(
      "COPY *.log (Dockerfile line 4) is excluded from the build context by .dockerignore line 4 (*.log)",
    ),
    expect.stringContaining("COPY missing.txt (Dockerfile line 5) does not exist in the build context"),
  ]);
});

test("a Dockerfile outside the context is refused before anything is read", async () => {
  const result = await check({ Dockerfile: "FROM x" }, "../Dockerfile");
  expect(messages(result)[0]).toContain("is outside the build context");
});

test("`--dry-run` over a context whose Dockerfile COPYs an ignored file exits 2, naming the rule", async () => {
  const root = await context({
    Dockerfile: "FROM oven/bun:1-slim\nCOPY package.json config.local.json ./\n",
    ".dockerignore": "node_modules\n*.local.json\n",
    "package.json": "{}",
    "config.local.json": "{}",
    "matrix.yaml": [
      "service: { build: { context: . }, port: 3000 }",
      "scenarios: { hello: { request: { path: /hello } } }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false] }",
    ].join("\n"),
  });
  const outcome = await runSubprocess(
    [join(root, "matrix.yaml"), "--dry-run", "--out", join(root, "out")],
    {},
  );
  expect(outcome.code).toBe(2);
  expect(outcome.stderr).toContain("service.build: COPY config.local.json (Dockerfile line 2) is excluded");
  expect(outcome.stderr).toContain(".dockerignore line 2 (*.local.json)");
  expect(outcome.stdout).toBe("");
});

test("`--dry-run` of a good context lists its files and size", async () => {
  const root = await context({
    Dockerfile: "FROM oven/bun:1-slim\nCOPY package.json ./\n",
    ".dockerignore": "node_modules\n",
    "package.json": "{}",
    "node_modules/x/index.js": "x".repeat(5000),
    "matrix.yaml": [
      "service: { build: { context: . }, port: 3000 }",
      "scenarios: { hello: { request: { path: /hello } } }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false] }",
    ].join("\n"),
  });
  const outcome = await runSubprocess(
    [join(root, "matrix.yaml"), "--dry-run", "--out", join(root, "out")],
    {},
  );
  expect(outcome.code).toBe(0);
  expect(outcome.stdout).toContain(`Build context ${root}: 4 files, `);
  expect(outcome.stdout).toContain("(.dockerignore: 1 rule; ");
});

test("a file inside a folder Docker skips is refused, naming the folder's rule", async () => {
  const result = await check({
    Dockerfile: "FROM x\nCOPY node_modules/keep.txt /k/\n",
    ".dockerignore": "node_modules\n!**/keep.txt\n",
    "node_modules/keep.txt": "k",
  });
  expect(messages(result)).toEqual([expect.stringContaining("by .dockerignore line 1 (node_modules)")]);
});
