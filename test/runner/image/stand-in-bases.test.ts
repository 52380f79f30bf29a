import { expect, test } from "bun:test";
import { ImageMissingError } from "../../../runner/docker/docker-error.ts";
import { standInBases } from "../../../runner/image/base-image.ts";
import { FakeDocker } from "../execute/fake-docker.ts";

const base = `bun-capacity/bun-base:${Bun.version}`;
const dockerfile = [
  `FROM oven/bun:${Bun.version}-slim AS base`,
  "WORKDIR /usr/src/app",
  "FROM base AS release",
  `from --platform=linux/amd64 oven/bun:${Bun.version}-slim`,
  "FROM node:22",
].join("\n");

function setup(env: Record<string, string>) {
  const docker = new FakeDocker();
  docker.images.set(base, { id: "sha256:stand-in", labels: {} });
  const lines: string[] = [];
  const run = () =>
    standInBases(docker, dockerfile, { env, log: (l) => lines.push(l), dockerfilePath: "svc/Dockerfile" });
  return { docker, lines, run };
}

test("offline, oven/bun:<version>-slim not local: FROM swapped for the stand-in, said and recorded", async () => {
  const { docker, lines, run } = setup({ BUN_CAPACITY_OFFLINE: "1" });
  const standIn = await run();
  expect(standIn.dockerfileText?.split("\n")).toEqual([
    `FROM ${base} AS base`,
    "WORKDIR /usr/src/app",
    "FROM base AS release",
    `from --platform=linux/amd64 ${base}`,
    "FROM node:22",
  ]);
  expect(standIn.base).toEqual({
    ref: base,
    id: "sha256:stand-in",
    source: `stand-in for oven/bun:${Bun.version}-slim`,
  });
  expect(lines).toEqual([
    expect.stringContaining(`FROM oven/bun:${Bun.version}-slim (svc/Dockerfile line 1) is not local`),
  ]);
  expect(docker.calls).toEqual([]);
});

test("online: a pull is tried first, and a pulled image is used as it is", async () => {
  const { docker, run } = setup({});
  docker.pullSucceeds = true;
  expect(await run()).toEqual({ dockerfileText: null, base: null });
  expect(docker.calls).toEqual([`pull oven/bun:${Bun.version}-slim`]);
});

test("a local oven/bun image is used as it is, without a pull", async () => {
  const { docker, run } = setup({});
  docker.images.set(`oven/bun:${Bun.version}-slim`, { id: "sha256:official", labels: {} });
  expect(await run()).toEqual({ dockerfileText: null, base: null });
  expect(docker.calls).toEqual([]);
});

test("a tag no Bun version stands behind has no stand-in: an error naming it and the next step", async () => {
  const docker = new FakeDocker();
  const error = await standInBases(docker, "FROM oven/bun:canary\n", {
    env: { BUN_CAPACITY_OFFLINE: "1" },
    log: () => undefined,
    dockerfilePath: "Dockerfile",
  }).catch((e) => e);
  expect(error).toBeInstanceOf(ImageMissingError);
  expect(error.message).toContain("FROM oven/bun:canary (Dockerfile line 1) is not on this Docker engine");
  expect(error.message).toContain("Next step: `docker pull oven/bun:canary`");
});
