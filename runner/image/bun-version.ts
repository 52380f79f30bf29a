import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { arch, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import type { DockerApi } from "../docker/docker-api.ts";
import { toolCacheDir } from "../package/tool-home.ts";
import { nanoCpusOf } from "../units/units.ts";
import { NPM_PACK_TIMEOUT_MS, NPM_VIEW_TIMEOUT_MS } from "./image-defaults.ts";
import { BunVersionImageError } from "./image-error.ts";

/** The Bun version the project pins in .bun-version (also the default base image tag). */
export async function readBunVersion(root: string): Promise<string> {
  return (await Bun.file(join(root, ".bun-version")).text()).trim();
}

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
 * Bun `version`'s Linux binary, from the npm registry with the ordinary client (`npm pack`), cached in the tool's
 * cache folder (a clone's .cache/bun/<version>/bun); its --version is checked before it is kept.
 */
export async function bunFromNpm(
  version: string,
  options: { cacheDir?: string; log?: (line: string) => void } = {},
): Promise<string> {
  const target = join(options.cacheDir ?? join(toolCacheDir(), "bun"), version, "bun");
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

const CHECK_MEMORY_BYTES = 256 * 1024 * 1024;
const CHECK_TIMEOUT_MS = 30_000;

/** `bun --version` run inside an image (offline, unprivileged, limited); null when it does not answer. */
export async function bunVersionInImage(docker: DockerApi, image: string): Promise<string | null> {
  const id = await docker.createContainer({
    image,
    entrypoint: ["bun"],
    cmd: ["--version"],
    env: {},
    labels: { "bun-capacity.purpose": "bun-version-check" },
    user: "1000",
    nanoCpus: nanoCpusOf(1),
    memoryBytes: CHECK_MEMORY_BYTES,
    memorySwapBytes: CHECK_MEMORY_BYTES,
    readonlyRootfs: true,
    tmpfs: { "/tmp": "rw,nosuid,nodev,size=16m" },
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 64,
    networkMode: "none",
  });
  try {
    await docker.startContainer(id);
    const exited = await Promise.race([
      docker.waitContainer(id),
      Bun.sleep(CHECK_TIMEOUT_MS).then(() => null),
    ]);
    if (exited !== 0) return null;
    return (await docker.containerLogs(id)).stdout.trim() || null;
  } finally {
    await docker.killContainer(id).catch(() => undefined);
    await docker.removeContainer(id).catch(() => undefined);
  }
}

export interface ResolvedBunVersion {
  version: string;
  /** How it was found, for the log. */
  how: string;
}

/**
 * The Bun version an image tag stands for today: an exact version as is; a range (`1`, `1.2`, `latest`) the newest
 * `bun` on the npm registry within it (`npm view`); without the registry, the installed Bun when it is within it.
 */
export async function resolveBunRange(
  range: string,
  options: { installed?: string; env?: Record<string, string | undefined> } = {},
): Promise<ResolvedBunVersion | null> {
  const installed = options.installed ?? Bun.version;
  if (/^\d+\.\d+\.\d+$/.test(range)) return { version: range, how: "the tag's own version" };
  const viewed = await execa("npm", ["view", `bun@${range}`, "version", "--json"], {
    reject: false,
    timeout: NPM_VIEW_TIMEOUT_MS,
    env: options.env ?? process.env,
    extendEnv: false,
  });
  const newest = viewed.exitCode === 0 ? newestOf(viewed.stdout) : null;
  if (newest) return { version: newest, how: `the newest bun ${range} on the npm registry` };
  if (range === "latest" || Bun.semver.satisfies(installed, range))
    return {
      version: installed,
      how: `the installed Bun (the npm registry did not answer for bun@${range})`,
    };
  return null;
}

function newestOf(json: string): string | null {
  try {
    const parsed: unknown = JSON.parse(json);
    const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter(
      (v): v is string => typeof v === "string" && /^\d+\.\d+\.\d+$/.test(v),
    );
    return versions.sort(Bun.semver.order).at(-1) ?? null;
  } catch {
    return null;
  }
}
