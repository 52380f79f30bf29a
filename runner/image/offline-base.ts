import { createReadStream } from "node:fs";
import { chmod, copyFile, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import type { DockerApi, ImageInfo } from "../docker/docker-api.ts";
import { IS_COMPILED } from "../package/tool-home.ts";
import { bunFromNpm } from "./bun-version.ts";
import { BASE_FORMAT, BASE_FORMAT_LABEL, OFFLINE_BASE_REPO } from "./image-defaults.ts";

export interface OfflineBase {
  ref: string;
  id: string;
  bunPath: string;
  bunVersion: string;
}

/**
 * Without a registry: a base image like oven/bun:<version>-slim (Bun, sh, coreutils, a bun user) from the host's Bun;
 * the compiled bun-capacity on a host without Bun takes its own Bun version from the npm registry (its own binary is
 * the tool, not Bun).
 */
export async function buildOfflineBaseImage(docker: DockerApi): Promise<OfflineBase> {
  const onPath = Bun.which("bun");
  const bunPath = onPath
    ? await realpath(onPath)
    : IS_COMPILED
      ? await bunFromNpm(Bun.version)
      : await realpath(process.execPath);
  const bunVersion = (await execa(bunPath, ["--version"])).stdout.trim();
  return importBunBase(docker, bunPath, bunVersion);
}

/** `bun-capacity/bun-base:<version>` from a Bun binary (the installed one, or one from npm); reused when current. */
export async function importBunBase(
  docker: DockerApi,
  bunPath: string,
  bunVersion: string,
): Promise<OfflineBase> {
  const ref = `${OFFLINE_BASE_REPO}:${bunVersion}`;
  const existing = await cachedOfflineBase(docker, ref);
  if (existing) return { ref, id: existing.id, bunPath, bunVersion };

  const work = await mkdtemp(join(tmpdir(), "bun-capacity-rootfs-"));
  try {
    const rootfs = join(work, "rootfs");
    await populateRootfs(rootfs, bunPath);
    await rootfsTar(rootfs, join(work, "rootfs.tar"));
    const id = await docker.importImage(createReadStream(join(work, "rootfs.tar")), {
      repo: OFFLINE_BASE_REPO,
      tag: bunVersion,
      // The official slim image's settings (oven-sh/bun dockerhub/debian-slim/Dockerfile); no USER: it runs as root.
      changes: [
        "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/bun-node-fallback-bin",
        // The host's trust store, as a slim image carries ca-certificates: `bun install` in the build verifies TLS with it.
        `ENV NODE_EXTRA_CA_CERTS=${HOST_CA_BUNDLE}`,
        "ENV BUN_RUNTIME_TRANSPILER_CACHE_PATH=0",
        "ENV BUN_INSTALL_BIN=/usr/local/bin",
        "WORKDIR /home/bun/app",
        'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]',
        'CMD ["/usr/local/bin/bun"]',
        "LABEL bun-capacity.base-source=offline",
        `LABEL ${BASE_FORMAT_LABEL}=${BASE_FORMAT}`,
      ],
    });
    return { ref, id, bunPath, bunVersion };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export const HOST_CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";
/** The official image's user: bun, uid/gid 1000, home /home/bun, shell /bin/sh. */
const PASSWD = "root:x:0:0:root:/root:/bin/sh\nbun:x:1000:1000:bun:/home/bun:/bin/sh\n";
const GROUP = "root:x:0:\nbun:x:1000:\n";
/** As the official image's docker-entrypoint.sh: a first argument that is a flag or no command runs under bun. */
const ENTRYPOINT_SCRIPT = `#!/bin/sh
set -e
if [ "\${1#-}" != "\${1}" ] || [ -z "$(command -v "\${1}")" ]; then
  set -- /usr/local/bin/bun "$@"
fi
exec "$@"
`;

/**
 * A root filesystem like oven/bun's slim image, from the host: Bun in /usr/local/bin (bunx beside it, `node` in the
 * fallback folder), /bin/sh and coreutils in /usr/bin (/bin links there), their libraries, users, CA certificates.
 */
export async function populateRootfs(rootfs: string, bunPath: string): Promise<void> {
  const bin = join(rootfs, "usr/local/bin");
  await mkdir(bin, { recursive: true });
  await copyFile(bunPath, join(bin, "bun"));
  await chmod(join(bin, "bun"), 0o755);
  await symlink("bun", join(bin, "bunx"));
  await writeFile(join(bin, "docker-entrypoint.sh"), ENTRYPOINT_SCRIPT, { mode: 0o755 });
  await mkdir(join(rootfs, "usr/local/bun-node-fallback-bin"), { recursive: true });
  await symlink("/usr/local/bin/bun", join(rootfs, "usr/local/bun-node-fallback-bin/node"));
  const ldd = await execa("ldd", [bunPath], { reject: false });
  for (const library of linkedLibraries(ldd.stdout)) {
    await mkdir(join(rootfs, dirname(library)), { recursive: true });
    await copyFile(library, join(rootfs, library)); // copyFile follows symlinks: the real library lands under its linked name
    await chmod(join(rootfs, library), 0o755);
  }
  await copyShellTools(rootfs, hostShellTools());
  await symlink("usr/bin", join(rootfs, "bin"));
  for (const dir of ["tmp", "etc/ssl/certs", "home/bun/app", "root"])
    await mkdir(join(rootfs, dir), { recursive: true });
  await chmod(join(rootfs, "tmp"), 0o1777);
  await writeFile(join(rootfs, "etc/passwd"), PASSWD);
  await writeFile(join(rootfs, "etc/group"), GROUP);
  if (await Bun.file(HOST_CA_BUNDLE).exists()) await copyFile(HOST_CA_BUNDLE, join(rootfs, HOST_CA_BUNDLE));
}

/** The rootfs as one tar: everything root's, but /home/bun the bun user's (as `useradd --create-home` leaves it). */
export async function rootfsTar(rootfs: string, tarPath: string): Promise<void> {
  const owner = (id: number) => [`--owner=${id}`, `--group=${id}`, "--numeric-owner"];
  await execa("tar", ["-C", rootfs, "-cf", tarPath, ...owner(0), "--exclude=./home/bun", "."]);
  await execa("tar", ["-C", rootfs, "-rf", tarPath, ...owner(1000), "--no-recursion", "./home/bun"]);
  await execa("tar", ["-C", rootfs, "-rf", tarPath, ...owner(0), "./home/bun/app"]);
}

/**
 * What a slim Debian image gives a Dockerfile's shell-form RUN: /bin/sh and the basic coreutils, taken from the host
 * (any Linux with glibc has them) with their shared libraries. Only `sh` is required; a tool the host lacks is left out.
 */
// biome-ignore format: one list, not one line per tool
export const SHELL_TOOLS = [
  "sh", "bash", "basename", "cat", "chmod", "chown", "cp", "cut", "date", "dirname", "du", "env", "expr",
  "false", "find", "grep", "gzip", "head", "id", "ln", "ls", "mkdir", "mktemp", "mv", "printf", "pwd",
  "readlink", "realpath", "rm", "rmdir", "sed", "sleep", "sort", "stat", "tail", "tar", "tee", "test",
  "touch", "tr", "true", "uname", "uniq", "wc", "which", "whoami", "xargs",
];

/** The host's binary behind each tool, by name; `sh` must be found. */
export function hostShellTools(which: (name: string) => string | null = Bun.which): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of SHELL_TOOLS) {
    const path = which(name);
    if (path) found.set(name, path);
  }
  if (!found.has("sh"))
    throw new Error("no /bin/sh on this host to put into the offline base image; install dash or bash");
  return found;
}

/** Copies the tools into rootfs/usr/bin under their names, with every shared library they link. */
export async function copyShellTools(rootfs: string, tools: Map<string, string>): Promise<void> {
  await mkdir(join(rootfs, "usr/bin"), { recursive: true });
  const libraries = new Set<string>();
  for (const [name, path] of tools) {
    const real = await realpath(path);
    await copyFile(real, join(rootfs, "usr/bin", name)); // sh is dash under its own name, as on Debian
    await chmod(join(rootfs, "usr/bin", name), 0o755);
    const ldd = await execa("ldd", [real], { reject: false });
    for (const library of linkedLibraries(ldd.stdout)) libraries.add(library);
  }
  for (const library of libraries) {
    await mkdir(join(rootfs, dirname(library)), { recursive: true });
    await copyFile(library, join(rootfs, library));
    await chmod(join(rootfs, library), 0o755);
  }
}

/** The absolute paths of the shared libraries in `ldd` output (including the dynamic loader; not the vDSO). */
export function linkedLibraries(lddOutput: string): string[] {
  const paths = new Set<string>();
  for (const line of lddOutput.split("\n")) {
    const arrow = line.match(/=>\s*(\/\S+)/);
    const bare = line.match(/^\s*(\/\S+)\s+\(/);
    const path = arrow?.[1] ?? bare?.[1];
    if (path) paths.add(path);
  }
  return [...paths];
}

/** An offline base already imported, or null when missing or older than this layout (one without a shell). */
export async function cachedOfflineBase(docker: DockerApi, ref: string): Promise<ImageInfo | null> {
  const image = await docker.inspectImage(ref);
  if (!image) return null;
  const ours = image.labels["bun-capacity.base-source"] === "offline";
  return ours && image.labels[BASE_FORMAT_LABEL] !== BASE_FORMAT ? null : image;
}
