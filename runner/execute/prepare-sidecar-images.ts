import type { DockerApi } from "../docker/docker-api.ts";
import { type BenchImageOptions, ensureImage } from "../image/bench-image.ts";
import type { Plan } from "../plan/plan.ts";

/** Server mode: builds (or checks) each sidecar's image once and puts its reference into every cell. */
export async function prepareSidecarImages(
  docker: DockerApi,
  plan: Plan,
  options: BenchImageOptions,
): Promise<Plan> {
  const refs = new Map<string, string>();
  const cells = [];
  for (const cell of plan.cells) {
    if (!cell.service?.sidecars.length) {
      cells.push(cell);
      continue;
    }
    const sidecars = [];
    for (const sidecar of cell.service.sidecars) {
      const key = JSON.stringify(sidecar.source);
      let ref = refs.get(key);
      if (ref === undefined) {
        ref = (await ensureImage(docker, sidecar.source, options)).ref;
        refs.set(key, ref);
      }
      sidecars.push({ ...sidecar, image: ref });
    }
    cells.push({ ...cell, service: { ...cell.service, sidecars } });
  }
  return { ...plan, cells };
}
