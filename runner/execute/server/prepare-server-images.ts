import { REPO_ROOT } from "../../config/config-defaults.ts";
import type { DockerApi } from "../../docker/docker-api.ts";
import { resolveBaseImage } from "../../image/base-image.ts";
import { type BenchImageOptions, ensureImage } from "../../image/bench-image.ts";
import { readBunVersion } from "../../image/bun-version.ts";
import type { GeneratorRef } from "../../load/ensure-load-generator.ts";
import type { Plan } from "../../plan/plan.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";

export interface ServerImageOptions extends BenchImageOptions {
  /** Ensures the load generator's image (built offline) and names it. */
  ensureGenerator: () => Promise<GeneratorRef>;
}

/**
 * Server mode, before the first container: each sidecar image built (or checked) once, the pod holder's base image
 * and the generator's image ensured, and their references put into every service cell.
 */
export async function prepareServerImages(
  docker: DockerApi,
  plan: Plan,
  options: ServerImageOptions,
): Promise<Plan> {
  if (!plan.cells.some((cell) => cell.service)) return plan;
  const bunVersion = await readBunVersion(REPO_ROOT);
  const holder = await resolveBaseImage(docker, { bunVersion, env: options.env, log: options.log });
  const generator = await options.ensureGenerator();
  const refs = new Map<string, string>();
  const sidecarRef = async (source: ServiceCell["sidecars"][number]["source"]) => {
    const key = JSON.stringify(source);
    const ref = refs.get(key) ?? (await ensureImage(docker, source, options)).ref;
    refs.set(key, ref);
    return ref;
  };
  const cells = [];
  for (const cell of plan.cells) {
    if (!cell.service) {
      cells.push(cell);
      continue;
    }
    const sidecars = [];
    for (const sidecar of cell.service.sidecars)
      sidecars.push({ ...sidecar, image: await sidecarRef(sidecar.source) });
    cells.push({ ...cell, service: { ...cell.service, holderImage: holder.ref, generator, sidecars } });
  }
  return { ...plan, cells };
}
