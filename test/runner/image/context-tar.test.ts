import { afterEach, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contextTar } from "../../../runner/image/build-context.ts";

let dir = "";
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tarOf(dockerfileText: string | null): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), "ctx-tar-"));
  await mkdir(join(dir, "ctx/svc"), { recursive: true });
  await writeFile(join(dir, "ctx/svc/Dockerfile"), "FROM oven/bun:1\n");
  await writeFile(join(dir, "ctx/a.ts"), "a");
  const tar = await contextTar(
    join(dir, "ctx"),
    ["a.ts", "svc/Dockerfile"],
    "svc/Dockerfile",
    dockerfileText,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of tar.stream) chunks.push(Buffer.from(chunk as Buffer));
  await tar.done;
  await writeFile(join(dir, "out.tar"), Buffer.concat(chunks));
  return join(dir, "out.tar");
}

test("the context tar sends the files as they are, owned by root", async () => {
  const file = await tarOf(null);
  expect((await Bun.$`tar -tf ${file}`.text()).split("\n").filter(Boolean)).toEqual([
    "a.ts",
    "svc/Dockerfile",
  ]);
  expect(await Bun.$`tar -xOf ${file} svc/Dockerfile`.text()).toBe("FROM oven/bun:1\n");
  expect(await Bun.$`tar --numeric-owner -tvf ${file} a.ts`.text()).toContain(" 0/0 ");
});

test("with a stand-in, the Dockerfile entry carries the swapped text and the file on disk is untouched", async () => {
  const file = await tarOf("FROM bun-capacity/bun-base:1.4.5\n");
  expect((await Bun.$`tar -tf ${file}`.text()).split("\n").filter(Boolean).sort()).toEqual([
    "a.ts",
    "svc/Dockerfile",
  ]);
  expect(await Bun.$`tar -xOf ${file} svc/Dockerfile`.text()).toBe("FROM bun-capacity/bun-base:1.4.5\n");
  expect(await Bun.file(join(dir, "ctx/svc/Dockerfile")).text()).toBe("FROM oven/bun:1\n");
});
