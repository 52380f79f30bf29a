import { expect, test } from "bun:test";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ensureImage } from "../../runner/image/bench-image.ts";
import { docker, OFFLINE_ENV } from "./integration-image.ts";
import { useTempDir } from "./use-temp-dir.ts";

let dir = "";
useTempDir("it-dockerignore-", (path) => {
  dir = path;
});

// Bun's .dockerignore (Dockerfile*, node_modules) plus an exception; a shell-form RUN on the offline stand-in.
const FILES: Record<string, string> = {
  Dockerfile: [
    `FROM oven/bun:${Bun.version}-slim`,
    "WORKDIR /app",
    "COPY . .",
    "RUN test ! -e node_modules && test -f keep.txt && echo from-this-dockerfile > /marker",
  ].join("\n"),
  ".dockerignore": "Dockerfile*\nnode_modules\n*.txt\n!keep.txt\n",
  "index.ts": "console.log('hi')",
  "keep.txt": "kept by the exception",
  "drop.txt": "excluded by *.txt",
  "node_modules/left-behind/index.js": "x",
};

test(
  ".dockerignore with Dockerfile*, node_modules and !keep.txt: the Dockerfile is used, node_modules absent, keep.txt present",
  async () => {
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(dir, path, ".."), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const lines: string[] = [];
    const image = await ensureImage(
      docker,
      { kind: "build", context: dir, dockerfile: "Dockerfile", args: {} },
      { env: OFFLINE_ENV, log: (line) => lines.push(line) },
    );
    expect(image.base?.source).toBe(`stand-in for oven/bun:${Bun.version}-slim`);
    const inside =
      await Bun.$`docker run --rm --network none ${image.ref} sh -c ${"ls -A /app; cat /marker"}`.text();
    expect(inside.split("\n").filter(Boolean)).toEqual([
      ".dockerignore",
      "index.ts",
      "keep.txt",
      "from-this-dockerfile",
    ]);
  },
  { timeout: 120_000 },
);
