import { createHash } from "node:crypto";
import { lstat, mkdir, mkdtemp, readdir, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, normalize, posix, resolve } from "node:path";
import ignore, { type Ignore } from "@balena/dockerignore";
import { execa } from "execa";
import { INSTALLED_RESULTS_DIR, PACKAGE_ROOT } from "../package/tool-home.ts";
import { CONTEXT_ENTRIES } from "./image-defaults.ts";

/**
 * Every file of a build context, relative to it and sorted: the same list feeds the tar and the hash.
 * With `entries` (the bundled images) only those paths; otherwise the whole folder as Docker sends it: the
 * .dockerignore's rules applied, and the Dockerfile and .dockerignore always sent (the daemon needs them); a top-level
 * bun-capacity-results/ (the installed tool's results) is never sent.
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
  // The installed tool's own results are never part of what it measures (they change with every run).
  if (path === INSTALLED_RESULTS_DIR) return;
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

/** One pattern line of a .dockerignore, with its 1-based line number. */
export interface DockerignoreRule {
  /** The line as written (trimmed), e.g. `!README*.md`. */
  text: string;
  /** The pattern as Docker cleans it: no `!`, no leading or trailing `/`, `.` and `..` resolved. */
  pattern: string;
  line: number;
  /** A `!` line: it re-includes what earlier lines excluded. */
  exception: boolean;
  matcher: Ignore;
}

/**
 * A .dockerignore read as Docker reads it (Go filepath.Match plus `**`, `!` exceptions in order, a leading `/`
 * dropped, `#` comment lines), matched by @balena/dockerignore one rule at a time so the deciding line can be named.
 */
export class DockerignoreRules {
  constructor(readonly rules: DockerignoreRule[]) {}

  static parse(text: string): DockerignoreRules {
    const rules: DockerignoreRule[] = [];
    text.split(/\r?\n/).forEach((raw, index) => {
      // Docker drops a line starting with `#` before trimming, so only a `#` in the first column is a comment.
      if (raw.startsWith("#") || raw.trim() === "") return;
      const trimmed = raw.trim();
      const exception = trimmed.startsWith("!");
      const pattern = exception ? trimmed.slice(1).trim() : trimmed;
      if (pattern === "") return;
      // Linux's Docker matches case-sensitively; the library's default is not to.
      const matcher = ignore({ ignorecase: false }).add(pattern);
      const cleaned = posix.normalize(pattern).replace(/^\/+|\/+$/g, "");
      rules.push({ text: trimmed, pattern: cleaned, line: index + 1, exception, matcher });
    });
    return new DockerignoreRules(rules);
  }

  static async read(root: string): Promise<DockerignoreRules> {
    const file = Bun.file(join(root, ".dockerignore"));
    return DockerignoreRules.parse((await file.exists()) ? await file.text() : "");
  }

  /** The last rule matching the path (or a parent folder of it): it decides, as in Docker. */
  decidingRule(path: string): DockerignoreRule | null {
    return this.rules.findLast((rule) => rule.matcher.ignores(path)) ?? null;
  }

  /** The rule that keeps this path out of the build context, or null when the path is sent. */
  excludingRule(path: string): DockerignoreRule | null {
    const rule = this.decidingRule(path);
    return rule && !rule.exception ? rule : null;
  }

  excludes(path: string): boolean {
    return this.excludingRule(path) !== null;
  }

  /** Docker walks into an excluded folder only when an exception's pattern starts with that folder's path. */
  mayReinclude(folder: string): boolean {
    return this.rules.some((rule) => rule.exception && `${rule.pattern}/`.startsWith(`${folder}/`));
  }
}

/** The bundled bench image sends only its named entries; any other build sends its context as Docker would. */
export function bundledEntries(image: { context: string; dockerfile: string }): string[] | null {
  return resolve(image.context) === PACKAGE_ROOT && image.dockerfile === "Dockerfile"
    ? CONTEXT_ENTRIES
    : null;
}

export interface ContextTar {
  stream: NodeJS.ReadableStream;
  /** Resolves once tar has exited and the staged Dockerfile is removed. */
  done: Promise<void>;
}

/**
 * The build context as a tar stream (owner root, as the Docker CLI sends it); with `dockerfileText`, the Dockerfile
 * entry carries that text instead of the file on disk (a stand-in base swapped into FROM), the file left untouched.
 */
export async function contextTar(
  context: string,
  files: string[],
  dockerfile: string,
  dockerfileText: string | null,
): Promise<ContextTar> {
  const owner = ["--owner=0", "--group=0", "--numeric-owner"];
  if (dockerfileText === null) {
    const tar = execa("tar", ["-C", context, "-c", ...owner, "--", ...files], {
      buffer: false,
      stdout: "pipe",
    });
    return { stream: tar.stdout as unknown as NodeJS.ReadableStream, done: tar.then(() => undefined) };
  }
  const name = normalize(dockerfile);
  const stage = await mkdtemp(join(tmpdir(), "bun-capacity-dockerfile-"));
  await mkdir(dirname(join(stage, name)), { recursive: true });
  await writeFile(join(stage, name), dockerfileText);
  // -C is relative to the previous -C, so both are absolute.
  const rest = files.filter((file) => file !== name);
  const args = [
    "-c",
    ...owner,
    "-C",
    stage,
    name,
    ...(rest.length ? ["-C", resolve(context), "--", ...rest] : []),
  ];
  const tar = execa("tar", args, { buffer: false, stdout: "pipe" });
  const done = tar.then(
    () => rm(stage, { recursive: true, force: true }),
    async (error: unknown) => {
      await rm(stage, { recursive: true, force: true });
      throw error;
    },
  );
  return { stream: tar.stdout as unknown as NodeJS.ReadableStream, done };
}

/** A content hash of the image inputs (paths, file bytes, base image id): equal hash, identical image. */
export async function inputsHash(root: string, files: string[], baseImageId: string): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`base:${baseImageId}\n`);
  for (const file of files) {
    hash.update(`file:${file}\n`);
    const path = join(root, file);
    // A symbolic link is sent as a link: its target string is its content (it may point nowhere).
    if ((await lstat(path)).isSymbolicLink()) hash.update(`link:${await readlink(path)}`);
    else hash.update(new Uint8Array(await Bun.file(path).arrayBuffer()));
    hash.update("\n");
  }
  return hash.digest("hex");
}
