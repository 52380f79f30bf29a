import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Overrides the user cache folder (default $XDG_CACHE_HOME/bun-capacity or ~/.cache/bun-capacity). */
export const CACHE_DIR_ENV = "BUN_CAPACITY_CACHE_DIR";

/** The user's cache folder for bun-capacity: downloaded Bun binaries, a compiled binary's extracted files. */
export function userCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env[CACHE_DIR_ENV]) return resolve(env[CACHE_DIR_ENV]);
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "bun-capacity");
  const home = homedir();
  return home ? join(home, ".cache/bun-capacity") : join(tmpdir(), "bun-capacity-cache");
}

/**
 * The compiled binary's files (the package's Dockerfiles, generator and probe sources, .bun-version, bun.lock): its
 * embedded tar.gz, extracted once per build into <cache>/assets/<key>/ (tar needs them on disk to send a build context).
 */
export async function extractAssets(embeddedTarGz: string, key: string): Promise<string> {
  const dir = join(userCacheDir(), "assets", key);
  if (await stat(join(dir, "package.json")).catch(() => null)) return dir;
  await mkdir(join(userCacheDir(), "assets"), { recursive: true });
  const work = await mkdtemp(join(userCacheDir(), "assets", `.${key}-`));
  try {
    const tarball = join(work, "assets.tar.gz");
    await writeFile(tarball, await Bun.file(embeddedTarGz).bytes());
    await mkdir(join(work, "root"));
    const tar = Bun.spawnSync(["tar", "-xzf", tarball, "-C", join(work, "root")], { stderr: "pipe" });
    if (tar.exitCode !== 0)
      throw new Error(`cannot extract bun-capacity's files into ${dir}: ${tar.stderr.toString().trim()}`);
    // Another process may have won the race: its copy is the same build's, so ours is dropped.
    await rename(join(work, "root"), dir).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await stat(join(dir, "package.json")).catch(() => null))) throw error;
    });
    return dir;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
