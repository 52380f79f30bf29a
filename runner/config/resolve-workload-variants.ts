import path from "node:path";
import { BUNDLED_BUILD } from "./config-defaults.ts";
import type { BodyIssue, MatrixBody } from "./matrix-body.ts";
import type { ImageSource, WorkloadVariant } from "./resolved-matrix.ts";

/**
 * The `variants` block resolved: each variant's image source (its own, or the matrix's build when only bunVersion
 * is set), command and env. Checks what one field alone cannot: image XOR build, bunVersion only on a build.
 */
export function resolveWorkloadVariants(
  body: MatrixBody,
  matrixImage: ImageSource,
  matrixDir: string,
  issues: BodyIssue[],
): WorkloadVariant[] {
  return Object.entries(body.variants ?? {}).map(([name, settings]) => {
    const at = (key: string) => ["variants", name, key];
    if (settings.image && settings.build)
      issues.push({
        path: at("image"),
        message: `variant "${name}": set either build (a Dockerfile) or image (a prebuilt image), not both`,
      });
    let image: ImageSource | null = null;
    if (settings.image) image = { kind: "image", ref: settings.image };
    else if (settings.build)
      image = {
        kind: "build",
        context: path.resolve(matrixDir, settings.build.context ?? "."),
        dockerfile: settings.build.dockerfile ?? BUNDLED_BUILD.dockerfile,
        args: settings.build.args ?? {},
      };
    const bunVersion = settings.bunVersion ?? null;
    if (bunVersion !== null) {
      image ??= matrixImage;
      if (image.kind === "image")
        issues.push({
          path: at("bunVersion"),
          input: bunVersion,
          message: `variant "${name}": bunVersion ${bunVersion} rebuilds the image on that Bun, which a prebuilt image (${image.ref}) cannot; use build (a Dockerfile with ARG BUN_IMAGE) or drop bunVersion`,
        });
    }
    return { name, image, bunVersion, command: settings.command ?? null, env: settings.env ?? {} };
  });
}
