import type { DockerApi } from "../docker/docker-api.ts";
import type { LoadGenerator } from "./load-generator.ts";

export interface GeneratorRef {
  name: string;
  version: string;
  image: string;
}

/** The load generator's image, ensured offline, named for the plan (server mode). */
export async function ensureLoadGenerator(
  _docker: DockerApi,
  _options: { env?: Record<string, string | undefined>; log?: (line: string) => void },
): Promise<GeneratorRef> {
  throw new Error("server mode needs the k6 load generator adapter (runner/load/k6), not merged yet");
}

/** The adapter for a generator the plan names. */
export function loadGeneratorFor(ref: GeneratorRef): LoadGenerator {
  throw new Error(`no load generator adapter for ${ref.name} ${ref.version} yet`);
}
