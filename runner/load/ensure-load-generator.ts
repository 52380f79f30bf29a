import type { DockerApi } from "../docker/docker-api.ts";
import { ensureGeneratorImage } from "../image/generator-image.ts";
import { createK6LoadGenerator } from "./k6/k6-load-generator.ts";
import type { LoadGenerator } from "./load-generator.ts";

/** The generator a plan names (its adapter is rebuilt from this on resume). */
export interface GeneratorRef {
  name: string;
  version: string;
  image: string;
}

/** Server mode, before the first container: the k6 image, built offline from the installed binary. */
export async function ensureLoadGenerator(
  docker: DockerApi,
  options: { env?: Record<string, string | undefined>; log?: (line: string) => void },
): Promise<GeneratorRef> {
  const image = await ensureGeneratorImage(docker, options);
  return { name: "k6", version: image.version, image: image.ref };
}

/** The adapter for the generator the plan names. */
export function loadGeneratorFor(ref: GeneratorRef): LoadGenerator {
  if (ref.name !== "k6") throw new Error(`unknown load generator "${ref.name}" in the plan; known: k6`);
  return createK6LoadGenerator(ref.image, ref.version);
}
