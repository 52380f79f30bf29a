/** A FROM reference to Bun's official image, and which Bun versions its tag stands for. */
export interface BunImageTag {
  ref: string;
  tag: string;
  /** An npm version or range of the `bun` package: `1.2.3`, `1.2`, `1`, or the `latest` dist-tag. */
  versionRange: string;
}

const OFFICIAL = /^(?:docker\.io\/)?(?:library\/)?oven\/bun(?::([\w][\w.-]*))?$/;
const VARIANTS = "slim|alpine|debian|distroless";
const VERSION_TAG = new RegExp(`^(\\d+(?:\\.\\d+){0,2})(?:-(?:${VARIANTS}))?$`);
const LATEST_TAG = new RegExp(`^(?:latest|${VARIANTS})$`);

/**
 * `oven/bun:<tag>` read as Bun's Docker Hub tags are named (`1`, `1.2`, `1.2.3`, each with an optional
 * `-slim`/`-alpine`/`-debian`/`-distroless`, or `latest`/`slim`/…); null for any other image. A tag no version
 * stands behind (`canary`, a digest) gets `versionRange: ""`.
 */
export function bunImageTag(ref: string): BunImageTag | null {
  const match = ref.match(OFFICIAL);
  if (!match)
    return ref.match(/^(?:docker\.io\/)?oven\/bun[:@]/) ? { ref, tag: ref, versionRange: "" } : null;
  const tag = match[1] ?? "latest";
  const version = tag.match(VERSION_TAG)?.[1];
  return { ref, tag, versionRange: version ?? (LATEST_TAG.test(tag) ? "latest" : "") };
}
