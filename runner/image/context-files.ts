import { lstat, readdir } from "node:fs/promises";
import { join, normalize } from "node:path";
import { DockerignoreRules } from "./dockerignore-rules.ts";

/**
 * Every file of a build context, relative to it and sorted: the same list feeds the tar and the hash.
 * With `entries` (the bundled images) only those paths; otherwise the whole folder as Docker sends it: the
 * .dockerignore's rules applied, and the Dockerfile and .dockerignore always sent (the daemon needs them).
 */
export async function contextFiles(
  root: string,
  entries: string[] | null,
  dockerfile = "Dockerfile",
): Promise<string[]> {
  const rules = entries ? new DockerignoreRules([]) : await DockerignoreRules.read(root);
  const files: string[] = [];
  for (const entry of entries ?? ["."]) await walk(root, entry, rules, files);
  if (!entries)
    for (const always of [".dockerignore", normalize(dockerfile)])
      if (!always.startsWith("..") && !files.includes(always) && (await isFile(join(root, always))))
        files.push(always);
  return files.sort();
}

/** Files and symbolic links under `path`; an excluded folder is skipped whole unless a `!` rule names a path in it. */
async function walk(root: string, path: string, rules: DockerignoreRules, files: string[]): Promise<void> {
  const info = await lstat(join(root, path)).catch(() => null);
  if (!info) return;
  const excluded = path !== "." && rules.excludes(path);
  if (info.isDirectory()) {
    if (excluded && !rules.mayReinclude(path)) return;
    const children = await readdir(join(root, path));
    for (const child of children) await walk(root, path === "." ? child : `${path}/${child}`, rules, files);
    return;
  }
  if (!excluded && (info.isFile() || info.isSymbolicLink())) files.push(path);
}

async function isFile(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isFile() ?? false;
}
