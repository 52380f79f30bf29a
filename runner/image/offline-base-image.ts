import { chmod, copyFile, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import type { DockerApi } from "../docker/docker-api.ts";
import { OFFLINE_BASE_REPO } from "./image-defaults.ts";
import { linkedLibraries } from "./linked-libraries.ts";

const HOST_CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";
const PASSWD = "root:x:0:0:root:/root:/sbin/nologin\nbun:x:1000:1000:bun:/home/bun:/sbin/nologin\n";
const GROUP = "root:x:0:\nbun:x:1000:\n";

export interface OfflineBase {
  ref: string;
  id: string;
  bunPath: string;
  bunVersion: string;
}

/** Without a registry: a minimal base image (Bun binary, its shared libraries, /tmp, a `bun` user) from the host's Bun. */
export async function buildOfflineBaseImage(docker: DockerApi): Promise<OfflineBase> {
  const bunPath = await realpath(Bun.which("bun") ?? process.execPath);
  const bunVersion = (await execa(bunPath, ["--version"])).stdout.trim();
  return importBunBase(docker, bunPath, bunVersion);
}

/** `bun-capacity/bun-base:<version>` from a Bun binary (the installed one, or one from npm); reused when present. */
export async function importBunBase(
  docker: DockerApi,
  bunPath: string,
  bunVersion: string,
): Promise<OfflineBase> {
  const ref = `${OFFLINE_BASE_REPO}:${bunVersion}`;
  const existing = await docker.inspectImage(ref);
  if (existing) return { ref, id: existing.id, bunPath, bunVersion };

  const rootfs = await mkdtemp(join(tmpdir(), "bun-capacity-rootfs-"));
  try {
    await populateRootfs(rootfs, bunPath);
    const tar = execa("tar", ["-C", rootfs, "-c", "--owner=0", "--group=0", "--numeric-owner", "."], {
      buffer: false,
      stdout: "pipe",
    });
    const id = await docker.importImage(tar.stdout as unknown as NodeJS.ReadableStream, {
      repo: OFFLINE_BASE_REPO,
      tag: bunVersion,
      changes: [
        "ENV PATH=/usr/local/bin:/usr/bin:/bin",
        // The host's trust store, as a slim image carries ca-certificates: `bun install` in the build verifies TLS with it.
        `ENV NODE_EXTRA_CA_CERTS=${HOST_CA_BUNDLE}`,
        "LABEL bun-capacity.base-source=offline",
      ],
    });
    await tar;
    return { ref, id, bunPath, bunVersion };
  } finally {
    await rm(rootfs, { recursive: true, force: true });
  }
}

async function populateRootfs(rootfs: string, bunPath: string): Promise<void> {
  const bin = join(rootfs, "usr/local/bin");
  await mkdir(bin, { recursive: true });
  await copyFile(bunPath, join(bin, "bun"));
  await chmod(join(bin, "bun"), 0o755);
  await symlink("bun", join(bin, "bunx"));
  const ldd = await execa("ldd", [bunPath], { reject: false });
  for (const library of linkedLibraries(ldd.stdout)) {
    await mkdir(join(rootfs, dirname(library)), { recursive: true });
    await copyFile(library, join(rootfs, library)); // copyFile follows symlinks: the real library lands under its linked name
    await chmod(join(rootfs, library), 0o755);
  }
  for (const dir of ["tmp", "etc/ssl/certs", "home/bun", "root"])
    await mkdir(join(rootfs, dir), { recursive: true });
  await chmod(join(rootfs, "tmp"), 0o1777);
  await writeFile(join(rootfs, "etc/passwd"), PASSWD);
  await writeFile(join(rootfs, "etc/group"), GROUP);
  if (await Bun.file(HOST_CA_BUNDLE).exists()) await copyFile(HOST_CA_BUNDLE, join(rootfs, HOST_CA_BUNDLE));
}
