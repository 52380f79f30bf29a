import { chmod, copyFile, mkdir, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { linkedLibraries } from "./linked-libraries.ts";
import { copyShellTools, hostShellTools } from "./shell-tools.ts";

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
