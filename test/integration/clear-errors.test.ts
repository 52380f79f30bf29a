import { expect, test } from "bun:test";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { OFFLINE_ENV, REPO_ROOT } from "./integration-image.ts";
import { useTempDir } from "./use-temp-dir.ts";

let dir = "";
useTempDir("it-errors-", (path) => {
  dir = path;
});

async function run(matrix: string, env: Record<string, string | undefined> = OFFLINE_ENV) {
  await writeFile(join(dir, "matrix.yaml"), matrix);
  const proc = Bun.spawn(
    ["bun", join(REPO_ROOT, "runner/matrix.ts"), "matrix.yaml", "--out", join(dir, "results")],
    {
      cwd: dir,
      env,
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const stderr = await new Response(proc.stderr).text();
  return { code: await proc.exited, stderr };
}

const userCommand = `
scenarios:
  app: { command: ["-e", "1"] }
axes: { cpus: [0.5], memory: [128Mi], smol: [false] }
defaults: { repetitions: 1 }
`;

test("a stopped engine: one line naming the fix, exit 1, no stack trace", async () => {
  const { code, stderr } = await run(`image: nothing/here:1\n${userCommand}`, {
    ...OFFLINE_ENV,
    DOCKER_HOST: `unix://${dir}/no-docker.sock`,
  });
  expect(code).toBe(1);
  expect(stderr).toContain("Docker is not running");
  expect(stderr).toContain("scripts/setup.sh --docker");
  expect(stderr).not.toMatch(/^\s+at /m);
});

test("a missing image: one clear message", async () => {
  const { code, stderr } = await run(`image: bun-capacity/does-not-exist:1\n${userCommand}`);
  expect(code).toBe(1);
  expect(stderr).toContain("image bun-capacity/does-not-exist:1 is not present");
  expect(stderr).not.toMatch(/^\s+at /m);
});

test("a build error: the failing step and the build log tail", async () => {
  await mkdir(join(dir, "app"), { recursive: true });
  // A COPY of a missing file is caught before any build (exit 2); a step that fails inside the build is a build error.
  await writeFile(join(dir, "app", "Dockerfile"), 'FROM scratch\nRUN ["/missing-binary"]\n');
  const { code, stderr } = await run(`build: { context: ./app }\n${userCommand}`);
  expect(code).toBe(1);
  expect(stderr).toContain("docker build of bun-capacity/user-image:");
  expect(stderr).toContain("missing-binary");
  expect(stderr).not.toMatch(/^\s+at /m);
});
