import { createHash } from "node:crypto";
import { lstat, readlink } from "node:fs/promises";
import { join } from "node:path";

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
