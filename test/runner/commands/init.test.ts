import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMatrix } from "../../../runner/config/load-matrix.ts";
import { dockerfileFacts } from "../../../runner/init/dockerfile-facts.ts";
import { matrixTemplate } from "../../../runner/init/matrix-template.ts";
import { pickReadyPath, pickRequestPath, readyCandidates } from "../../../runner/init/ready-candidates.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";
import { runInProcess } from "../../corpus/run-entry.ts";

const EXAMPLE = join(import.meta.dir, "../../../examples/hono-service");

describe("dockerfileFacts", () => {
  test("the guide's Dockerfile: the final stage's EXPOSE and its exec-form ENTRYPOINT", async () => {
    const facts = dockerfileFacts(await Bun.file(join(EXAMPLE, "Dockerfile")).text());
    expect(facts).toEqual({ ports: [3000], command: ["bun", "run", "index.ts"], entryFile: "index.ts" });
  });

  test("only the last stage counts; shell-form CMD after ENTRYPOINT; $PORT and ranges skipped", () => {
    const text = [
      "FROM oven/bun:1 AS build",
      "EXPOSE 9999",
      "FROM oven/bun:1-slim",
      "EXPOSE $PORT 8080/tcp 7000-7010",
      'ENTRYPOINT ["bun"]',
      "CMD src/server.ts --quiet",
    ].join("\n");
    expect(dockerfileFacts(text)).toEqual({
      ports: [8080],
      command: ["bun", "src/server.ts", "--quiet"],
      entryFile: "src/server.ts",
    });
  });

  test("no EXPOSE, no command", () => {
    expect(dockerfileFacts("FROM scratch\n")).toEqual({ ports: [], command: [], entryFile: null });
  });
});

describe("ready paths", () => {
  test("health paths first, then the entry file's literal routes, then /", async () => {
    const source = await Bun.file(join(EXAMPLE, "index.ts")).text();
    const candidates = readyCandidates(source);
    expect(candidates.slice(0, 2)).toEqual(["/health", "/healthz"]);
    expect(candidates).toContain("/hello");
    expect(candidates).toContain("/echo");
    expect(candidates.at(-1)).toBe("/");
  });

  test("the first 2xx is the ready path; the request is the first 2xx route that is not a health path", () => {
    const answers = [
      { path: "/health", status: 404 },
      { path: "/healthz", status: 204 },
      { path: "/hello", status: 200 },
      { path: "/", status: null },
    ];
    expect(pickReadyPath(answers)).toBe("/healthz");
    expect(pickRequestPath(answers, "/healthz")).toBe("/hello");
    expect(pickReadyPath([{ path: "/", status: 500 }])).toBeNull();
  });
});

describe("init through the real entry point (--no-check: no Docker)", () => {
  let project = "";
  let previous = "";
  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), "init-test-"));
    previous = process.cwd();
    process.chdir(project);
  });
  afterEach(async () => {
    process.chdir(previous);
    await rm(project, { recursive: true, force: true });
  });

  test("writes a commented matrix.yaml the config loader accepts, with the Dockerfile's port", async () => {
    await writeFile("Dockerfile", await Bun.file(join(EXAMPLE, "Dockerfile")).text());
    await writeFile(
      "package.json",
      JSON.stringify({ name: "my-app", scripts: { start: "bun run index.ts" } }),
    );
    const run = await runInProcess(["init", "--no-check"]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const text = await readFile(join(project, "matrix.yaml"), "utf8");
    expect(text).toContain("# bun-capacity matrix for my-app");
    const matrix = loadMatrix(join(project, "matrix.yaml")).base;
    expect(matrix?.service?.port).toBe(3000);
    expect(matrix?.service?.readyPath).toBe("/");
    expect(matrix?.service?.env).toEqual({ PORT: "3000" });
    expect(matrix?.scenarios.map((scenario) => scenario.name)).toEqual(["root"]);
    expect(matrix?.image).toMatchObject({ kind: "build", context: project, dockerfile: "Dockerfile" });
  });

  test("never overwrites an existing file without --force; with it, does", async () => {
    await writeFile("Dockerfile", 'FROM oven/bun:1\nEXPOSE 8080\nCMD ["bun", "server.ts"]\n');
    await writeFile("matrix.yaml", "mine\n");
    const kept = await runInProcess(["init", "--no-check"]);
    expect(kept.code).toBe(2);
    expect(kept.stderr).toContain(`${join(project, "matrix.yaml")}: already exists`);
    expect(kept.stderr).toContain("--force");
    expect(await readFile("matrix.yaml", "utf8")).toBe("mine\n");
    const forced = await runInProcess(["init", "--no-check", "--force"]);
    expect(forced.code).toBe(0);
    expect(loadMatrix(join(project, "matrix.yaml")).base?.service?.port).toBe(8080);
  });

  test("a package.json that is not JSON is named, not a stack trace", async () => {
    await writeFile("Dockerfile", "FROM oven/bun:1\nEXPOSE 8080\n");
    await writeFile("package.json", "{ nope");
    const run = await runInProcess(["init", "--no-check"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(project, "package.json")}: not JSON`);
    expect(await Bun.file(join(project, "matrix.yaml")).exists()).toBe(false);
  });

  test("a missing or unreadable Dockerfile is a clear error (exit 2), no stack trace, no file written", async () => {
    const missing = await runInProcess(["init", "--no-check"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${join(project, "Dockerfile")}: no Dockerfile here`);
    expect(missing.stderr).not.toContain("    at ");
    await mkdir("Dockerfile");
    const folder = await runInProcess(["init", "--no-check"]);
    expect(folder.stderr).toContain("not a file");
    expect(folder.code).toBe(2);
    expect(await Bun.file(join(project, "matrix.yaml")).exists()).toBe(false);
    // root reads any file, so the unreadable case needs another user.
    if (process.getuid?.() === 0) return;
    await writeFile("Other.dockerfile", "FROM x\n", { mode: 0o000 });
    const unreadable = await runInProcess(["init", "--no-check", "--dockerfile", "Other.dockerfile"]);
    expect(unreadable.stderr).toContain("cannot read it (EACCES)");
  });
});

test("every template the host could get loads: cpus left out, another Dockerfile", async () => {
  const dir = await mkdtemp(join(tmpdir(), "init-template-"));
  try {
    await mkdir(join(dir, "docker"));
    await mkdir(join(dir, "perf"));
    await writeFile(join(dir, "docker/Dockerfile"), "FROM oven/bun:1\n");
    const path = join(dir, "perf/matrix.yaml");
    const base = {
      context: "..",
      dockerfile: "docker/Dockerfile",
      port: 8080,
      portSource: "from --port",
      readyPath: "/healthz",
      readySource: "checked",
      requestPath: "/api/items",
      scenario: "api-items",
      command: [],
      packageName: null,
      memory: ["512Mi", "1Gi"],
    };
    for (const cpus of [
      { cpus: [0.5], cpusLeftOut: [1, 2] },
      { cpus: [0.5, 1, 2], cpusLeftOut: [] },
    ]) {
      await writeFile(path, matrixTemplate({ ...base, ...cpus }));
      const loaded = loadMatrix(path);
      const matrix = loaded.base;
      expect(matrix?.axes.cpus).toEqual(cpus.cpus);
      // Cloud Run runs below 1 vCPU at concurrency 1 only: every planned cell is a size it deploys.
      const cells = planRun(loaded, {}, { cores: 8, memoryBytes: 16 * 2 ** 30 }).cells;
      expect(cells.map((cell) => [cell.cpus, cell.concurrency])).toEqual(
        cpus.cpus.flatMap((c) => [0, 1].map(() => [c, c < 1 ? 1 : 80])),
      );
      expect(matrix?.service?.readyPath).toBe("/healthz");
      expect(matrix?.image).toMatchObject({ context: dir, dockerfile: "docker/Dockerfile" });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
