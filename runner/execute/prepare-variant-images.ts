import type { DockerApi } from "../docker/docker-api.ts";
import { type BenchImageOptions, ensureImage } from "../image/bench-image.ts";
import { variantImageToBuild } from "../plan/apply-workload-variants.ts";
import type { PlanVariant } from "../plan/cell-variant.ts";
import type { Plan } from "../plan/plan.ts";

/**
 * Before the first container: each variant with its own image source gets its image (built, on its Bun version
 * when set, or checked to exist), recorded in plan.variants[].built and put into its cells. A resumed run keeps a
 * variant's image while it exists.
 */
export async function prepareVariantImages(
  docker: DockerApi,
  plan: Plan,
  options: BenchImageOptions,
): Promise<Plan> {
  if (!plan.variants) return plan;
  const variants: PlanVariant[] = [];
  const refs = new Map<string, { from: string | null; to: string }>();
  for (const variant of plan.variants) {
    if (variant.image === null) {
      variants.push({ ...variant, built: null });
      continue;
    }
    const previous = variant.built ?? null;
    if (previous && (await docker.inspectImage(previous.ref))) {
      variants.push(variant);
      continue;
    }
    options.log?.(
      `variant ${variant.name}: image${variant.bunVersion ? ` on Bun ${variant.bunVersion}` : ""}`,
    );
    const image = await ensureImage(docker, variant.image, { ...options, bunVersion: variant.bunVersion });
    const built = {
      ref: image.ref,
      id: image.id,
      baseRef: image.base?.ref ?? null,
      baseSource: image.base?.source ?? null,
    };
    variants.push({ ...variant, built });
    refs.set(variant.name, { from: previous?.ref ?? null, to: image.ref });
  }
  const cells = plan.cells.map((cell) => {
    const bound = cell.variant ? refs.get(cell.variant.name) : undefined;
    if (!bound || !cell.variant) return cell;
    const waiting = cell.image === variantImageToBuild(cell.variant.name) || cell.image === bound.from;
    return waiting ? { ...cell, image: bound.to } : cell;
  });
  return { ...plan, cells, variants };
}
