import { chmod, copyFile, mkdir, realpath } from "node:fs/promises";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { linkedLibraries } from "./linked-libraries.ts";

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
