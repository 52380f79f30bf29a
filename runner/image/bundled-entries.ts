import { resolve } from "node:path";
import { CONTEXT_ENTRIES } from "./image-defaults.ts";

const REPO_ROOT = resolve(import.meta.dir, "../..");

/** The bundled bench image sends only its named entries; any other build sends its context as Docker would. */
export function bundledEntries(image: { context: string; dockerfile: string }): string[] | null {
  return resolve(image.context) === REPO_ROOT && image.dockerfile === "Dockerfile" ? CONTEXT_ENTRIES : null;
}
