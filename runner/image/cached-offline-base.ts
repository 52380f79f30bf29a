import type { DockerApi, ImageInfo } from "../docker/docker-api.ts";
import { BASE_FORMAT, BASE_FORMAT_LABEL } from "./image-defaults.ts";

/** An offline base already imported, or null when missing or older than this layout (one without a shell). */
export async function cachedOfflineBase(docker: DockerApi, ref: string): Promise<ImageInfo | null> {
  const image = await docker.inspectImage(ref);
  if (!image) return null;
  const ours = image.labels["bun-capacity.base-source"] === "offline";
  return ours && image.labels[BASE_FORMAT_LABEL] !== BASE_FORMAT ? null : image;
}
