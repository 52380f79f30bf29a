import { expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImageMissingError } from "../../../runner/docker/docker-error.ts";
import { ensureImage } from "../../../runner/image/bench-image.ts";
import { FakeDocker } from "../execute/fake-docker.ts";

const root = join(import.meta.dir, "../../..");
const bundled = { kind: "build" as const, context: root, dockerfile: "Dockerfile", args: {} };
const quiet = { env: { BUN_CAPACITY_OFFLINE: "1" }, log: () => undefined };

test("builds once, then reuses the image whose inputs hash matches", async () => {
  const docker = new FakeDocker();
  docker.images.set(`bun-capacity/bun-base:${Bun.version}`, { id: "sha256:base", labels: {} });
  const first = await ensureImage(docker, bundled, quiet);
  expect(first.built).toBe(true);
  expect(first.ref).toMatch(/^bun-capacity\/bench:[0-9a-f]{12}$/);
  expect(docker.calls.at(-1)).toContain(`"BUN_IMAGE":"bun-capacity/bun-base:${Bun.version}"`);
  const second = await ensureImage(docker, bundled, quiet);
  expect(second).toMatchObject({ ref: first.ref, built: false });
  expect(docker.calls.filter((c) => c.startsWith("build"))).toHaveLength(1);
});

test("a different base image changes the hash", async () => {
  const docker = new FakeDocker();
  docker.images.set(`bun-capacity/bun-base:${Bun.version}`, { id: "sha256:base-a", labels: {} });
  const a = await ensureImage(docker, bundled, quiet);
  docker.images.set(`bun-capacity/bun-base:${Bun.version}`, { id: "sha256:base-b", labels: {} });
  const b = await ensureImage(docker, bundled, quiet);
  expect(a.inputsHash).not.toBe(b.inputsHash);
});

test("two Dockerfiles in one build context make two images", async () => {
  const docker = new FakeDocker();
  docker.images.set(`bun-capacity/bun-base:${Bun.version}`, { id: "sha256:base", labels: {} });
  const own = { ...bundled, dockerfile: "examples/own-workload/Dockerfile" };
  const known = { ...bundled, dockerfile: "examples/known-answers/Dockerfile" };
  const a = await ensureImage(docker, own, quiet);
  const b = await ensureImage(docker, known, quiet);
  expect(b.ref).not.toBe(a.ref);
  expect(b.built).toBe(true);
});

test("a prebuilt image must exist locally", async () => {
  const docker = new FakeDocker();
  await expect(ensureImage(docker, { kind: "image", ref: "myapp:1" })).rejects.toBeInstanceOf(
    ImageMissingError,
  );
  docker.images.set("myapp:1", { id: "sha256:app", labels: {} });
  expect((await ensureImage(docker, { kind: "image", ref: "myapp:1" })).id).toBe("sha256:app");
});

test("entries and repo options: only those paths are sent, under that repository", async () => {
  const docker = new FakeDocker();
  docker.images.set(`bun-capacity/bun-base:${Bun.version}`, { id: "sha256:base", labels: {} });
  const image = { ...bundled, dockerfile: "examples/own-workload/Dockerfile" };
  const all = await ensureImage(docker, image, quiet);
  const some = await ensureImage(docker, image, {
    ...quiet,
    entries: ["package.json", "bun.lock"],
    repo: "x/gen",
  });
  expect(some.ref).toMatch(/^x\/gen:[0-9a-f]{12}$/);
  expect(docker.lastTarBytes).toBeLessThan(1024 * 1024);
  expect(some.inputsHash).not.toBe(all.inputsHash);
});

test("a user's FROM oven/bun:<version> offline is built on the stand-in, recorded as such", async () => {
  const docker = new FakeDocker();
  docker.images.set(`bun-capacity/bun-base:${Bun.version}`, { id: "sha256:base", labels: {} });
  const context = await mkdtemp(join(tmpdir(), "user-ctx-"));
  await writeFile(join(context, "Dockerfile"), `FROM oven/bun:${Bun.version}-slim\nCOPY . .\n`);
  const lines: string[] = [];
  try {
    const built = await ensureImage(
      docker,
      { kind: "build", context, dockerfile: "Dockerfile", args: {} },
      { env: { BUN_CAPACITY_OFFLINE: "1" }, log: (line) => lines.push(line) },
    );
    const source = `stand-in for oven/bun:${Bun.version}-slim` as const;
    expect(built.base).toEqual({ ref: `bun-capacity/bun-base:${Bun.version}`, id: "sha256:base", source });
    expect(built.ref).toMatch(/^bun-capacity\/user-image:/);
    expect(docker.images.get(built.ref)?.labels["bun-capacity.base-source"]).toBe(source);
    expect(lines[0]).toContain(`FROM oven/bun:${Bun.version}-slim (`);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
});
