import { expect, test } from "bun:test";
import { join } from "node:path";
import { readBunVersion } from "../../../runner/image/bun-version.ts";

const root = join(import.meta.dir, "../../..");

test("the Dockerfile's default BUN_IMAGE matches .bun-version", async () => {
  const dockerfile = await Bun.file(join(root, "Dockerfile")).text();
  const version = await readBunVersion(root);
  expect(dockerfile).toContain(`ARG BUN_IMAGE=oven/bun:${version}-slim`);
});

test("docker-compose.yml's default offline base matches .bun-version", async () => {
  const compose = await Bun.file(join(root, "docker-compose.yml")).text();
  expect(compose).toContain(`bun-capacity/bun-base:${await readBunVersion(root)}`);
});

test("the Dockerfile runs as a non-root user with bun as the entrypoint", async () => {
  const dockerfile = await Bun.file(join(root, "Dockerfile")).text();
  expect(dockerfile).toMatch(/^USER bun$/m);
  expect(dockerfile).toContain('ENTRYPOINT ["bun"]');
  expect(dockerfile).toContain(`"--frozen-lockfile", "--production"`);
});
