import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { MatrixIssue } from "../config/matrix-error.ts";
import type { ImageSource } from "../config/resolved-matrix.ts";
import { PACKAGE_ROOT } from "../package/tool-home.ts";

/** Docker's reference grammar, simplified: [host[:port]/]path[:tag][@digest], lowercase path components. */
const IMAGE_REFERENCE =
  /^(?:[a-zA-Z0-9.-]+(?::\d{1,5})?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

/** A build's context and Dockerfile exist; an image reference is one Docker accepts. */
export async function imageSourceIssues(image: ImageSource, at = ""): Promise<MatrixIssue[]> {
  const issue = (path: string, message: string): MatrixIssue => ({
    path: `${at}${path}`,
    line: null,
    column: null,
    message,
  });
  if (image.kind === "image")
    return IMAGE_REFERENCE.test(image.ref) && image.ref.length <= 255
      ? []
      : [
          issue(
            "image",
            `got ${JSON.stringify(image.ref)}; expected an image reference Docker accepts, like myapp:1.2 or registry.example.com/team/app@sha256:… (lowercase name)`,
          ),
        ];
  const context = await stat(image.context).catch(() => null);
  if (!context?.isDirectory())
    return [
      issue(
        "build.context",
        `${image.context} ${context ? "is not a directory" : "does not exist"}; set build.context to your service's directory (relative to the matrix file)`,
      ),
    ];
  const dockerfilePath = join(image.context, image.dockerfile);
  const dockerfile = await stat(dockerfilePath).catch(() => null);
  // The installed package ships no bundled demo: a matrix without `service:` or `build:` needs a clone.
  if (!dockerfile && image.context === PACKAGE_ROOT)
    return [
      issue(
        "service",
        "no `service:` block and no `build:`, so the bundled in-process scenarios would run, and they ship only in a clone of the bun-capacity repository; size your own service with a `service:` block (`bun-capacity init` writes one)",
      ),
    ];
  if (!dockerfile?.isFile())
    return [
      issue(
        "build.dockerfile",
        `${dockerfilePath} ${dockerfile ? "is not a file" : "does not exist"}; set build.dockerfile relative to build.context`,
      ),
    ];
  return [];
}
