import { expect, test } from "bun:test";
import { Readable } from "node:stream";
import type { Engine } from "../../../runner/docker/docker-api.ts";
import { DockerBuildError } from "../../../runner/docker/docker-error.ts";
import { imageApi } from "../../../runner/docker/image-api.ts";

const options = { tag: "bun-capacity/user-image:abc", dockerfile: "Dockerfile", buildArgs: {}, labels: {} };
const build = (buildImage: () => Promise<unknown>) =>
  imageApi({ buildImage } as unknown as Engine).buildImage(Readable.from([]), options);

test("the engine refusing the build (no Dockerfile in the context) is a build error with a next step", async () => {
  const refused = Object.assign(new Error("(HTTP code 500) server error"), {
    statusCode: 500,
    json: { message: "Cannot locate specified Dockerfile: Dockerfile" },
  });
  const error = await build(() => Promise.reject(refused)).catch((e) => e);
  expect(error).toBeInstanceOf(DockerBuildError);
  expect(error.message).toContain("Cannot locate specified Dockerfile: Dockerfile");
  expect(error.message).toContain("Next step: keep the Dockerfile inside build.context");
});

test("a failing step carries the build's own last lines and a next step picked from them", async () => {
  const lines = [
    { stream: "Step 1/4 : FROM bun-capacity/bun-base:1.4.5 AS base\n" },
    { stream: "Step 3/4 : RUN cd /temp/dev && bun install --frozen-lockfile\n" },
    { stream: "error: lockfile had changes, but lockfile is frozen\n" },
    {
      error:
        "The command '/bin/sh -c cd /temp/dev && bun install --frozen-lockfile' returned a non-zero code: 1",
    },
  ].map((line) => `${JSON.stringify(line)}\n`);
  const error = await build(async () => Readable.from(lines)).catch((e) => e);
  expect(error).toBeInstanceOf(DockerBuildError);
  expect(error.logTail.split("\n")).toEqual([
    "Step 1/4 : FROM bun-capacity/bun-base:1.4.5 AS base",
    "Step 3/4 : RUN cd /temp/dev && bun install --frozen-lockfile",
    "error: lockfile had changes, but lockfile is frozen",
  ]);
  expect(error.message).toContain("returned a non-zero code: 1\n--- build output (last lines) ---\nStep 1/4");
  expect(error.message).toContain("Next step: bun.lock does not match package.json");
});

test("an unknown failure still names a next step", () => {
  const error = new DockerBuildError("docker build of x failed: something odd", "Step 1/1 : RUN false");
  expect(error.message).toMatch(/Next step: fix the Dockerfile or the files it copies/);
  expect(new DockerBuildError("x", "", { nextStep: "do this" }).message).toBe("x\nNext step: do this");
});
