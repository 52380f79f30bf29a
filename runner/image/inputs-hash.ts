import { createHash } from "node:crypto";
import { join } from "node:path";

/** A content hash of the image inputs (paths, file bytes, base image id): equal hash, identical image. */
export async function inputsHash(root: string, files: string[], baseImageId: string): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`base:${baseImageId}\n`);
  for (const file of files) {
    hash.update(`file:${file}\n`);
    hash.update(new Uint8Array(await Bun.file(join(root, file)).arrayBuffer()));
    hash.update("\n");
  }
  return hash.digest("hex");
}
