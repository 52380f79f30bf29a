import { join } from "node:path";

/** The Bun version the project pins in .bun-version (also the default base image tag). */
export async function readBunVersion(root: string): Promise<string> {
  return (await Bun.file(join(root, ".bun-version")).text()).trim();
}
