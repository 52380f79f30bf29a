import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { arch, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { BunVersionImageError } from "./bun-version-image-error.ts";
import { BUN_CACHE_DIR, NPM_PACK_TIMEOUT_MS } from "./image-defaults.ts";

/** The npm package carrying Bun's Linux binary for this machine (what the `bun` package's postinstall picks). */
export function bunPlatformPackage(cpuFlags: string): string {
  if (arch() === "arm64") return "@oven/bun-linux-aarch64";
  // The default x64 build needs AVX2; older CPUs get the baseline build.
  return /\bavx2\b/.test(cpuFlags) ? "@oven/bun-linux-x64" : "@oven/bun-linux-x64-baseline";
}

/** /proc files report size 0, so they are read with node:fs (Bun.file would see them empty). */
async function cpuFlags(): Promise<string> {
  return readFile("/proc/cpuinfo", "utf8").catch(() => "");
}

/** Runs a Bun binary's --version; null when it does not run here. */
export async function binaryVersion(path: string): Promise<string | null> {
  const result = await execa(path, ["--version"], { reject: false, timeout: 10_000 });
  return result.exitCode === 0 ? result.stdout.trim() : null;
}

/**
 * Bun `version`'s Linux binary, from the npm registry with the ordinary client (`npm pack`), cached in
 * .cache/bun/<version>/bun; its --version is checked before it is kept.
 */
export async function bunFromNpm(
  version: string,
  options: { cacheDir?: string; log?: (line: string) => void } = {},
): Promise<string> {
  const target = join(options.cacheDir ?? BUN_CACHE_DIR, version, "bun");
  if ((await Bun.file(target).exists()) && (await binaryVersion(target)) === version) return target;
  const pkg = `${bunPlatformPackage(await cpuFlags())}@${version}`;
  options.log?.(`downloading ${pkg} from the npm registry (npm pack)`);
  const work = await mkdtemp(join(tmpdir(), "bun-capacity-npm-bun-"));
  try {
    const packed = await execa("npm", ["pack", pkg, "--pack-destination", work, "--silent"], {
      reject: false,
      timeout: NPM_PACK_TIMEOUT_MS,
      cwd: work,
    });
    const tarball = packed.stdout.trim().split("\n").at(-1);
    if (packed.exitCode !== 0 || !tarball)
      throw new BunVersionImageError(
        version,
        `\`npm pack ${pkg}\` failed (${String(packed.stderr || packed.message || "no output")
          .trim()
          .split("\n")
          .slice(-2)
          .join(" ")})`,
        "check that this Bun version exists (npm view bun versions) and that the npm registry is reachable",
      );
    await execa("tar", ["-xzf", join(work, tarball), "-C", work, "package/bin/bun"]);
    const binary = join(work, "package/bin/bun");
    await chmod(binary, 0o755);
    const got = await binaryVersion(binary);
    if (got !== version)
      throw new BunVersionImageError(
        version,
        `the binary from ${pkg} reports ${got === null ? "nothing (it does not run here)" : `version ${got}`}`,
        "pick a Bun version published for this platform",
      );
    await mkdir(dirname(target), { recursive: true });
    await copyFile(binary, `${target}.partial`);
    await rename(`${target}.partial`, target); // a crash mid-copy never leaves a half binary under the cached name
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
