import { stat } from "node:fs/promises";
import { join } from "node:path";

const ALWAYS_IGNORED = [".git", "node_modules"];

/** Every file of a build context, relative to it and sorted: the same list feeds the tar and the hash. */
export async function contextFiles(root: string, entries: string[] | null): Promise<string[]> {
  const files: string[] = [];
  const ignored = entries ? [] : await dockerignorePatterns(root);
  for (const entry of entries ?? ["."]) {
    const info = await stat(join(root, entry)).catch(() => null);
    if (!info) continue;
    if (info.isFile()) {
      files.push(entry);
      continue;
    }
    const pattern = entry === "." ? "**/*" : `${entry}/**/*`;
    for await (const file of new Bun.Glob(pattern).scan({ cwd: root, onlyFiles: true, dot: true })) {
      if (!isIgnored(file, ignored)) files.push(file);
    }
  }
  return files.sort();
}

/** A simple reading of .dockerignore (globs and folder prefixes; `!` exceptions are not supported). */
async function dockerignorePatterns(root: string): Promise<string[]> {
  const file = Bun.file(join(root, ".dockerignore"));
  const text = (await file.exists()) ? await file.text() : "";
  const lines = text.split("\n").map((line) => line.trim().replace(/^\/+|\/+$/g, ""));
  return [
    ...ALWAYS_IGNORED,
    ...lines.filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("!")),
  ];
}

function isIgnored(file: string, patterns: string[]): boolean {
  return patterns.some(
    (p) =>
      file === p ||
      file.startsWith(`${p}/`) ||
      new Bun.Glob(p).match(file) ||
      new Bun.Glob(`${p}/**`).match(file),
  );
}
