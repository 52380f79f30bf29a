/** One Dockerfile instruction: its keyword (upper case), the rest of it, and the line it starts on (1-based). */
export interface DockerfileInstruction {
  keyword: string;
  args: string;
  line: number;
}

/**
 * A Dockerfile's instructions as Docker reads them: comment lines dropped, lines ending in the escape character
 * (`\`, or the one a `# escape=` directive names) joined; the bodies of heredocs (`<<EOF`) skipped.
 */
export function dockerfileInstructions(text: string): DockerfileInstruction[] {
  const lines = text.split(/\r?\n/);
  const escapeChar = /^#\s*escape\s*=\s*`\s*$/im.test(lines.slice(0, 5).join("\n")) ? "`" : "\\";
  const instructions: DockerfileInstruction[] = [];
  let current: DockerfileInstruction | null = null;
  let heredoc: string | null = null;
  lines.forEach((raw, index) => {
    if (heredoc !== null) {
      if (raw.trim() === heredoc) heredoc = null;
      return;
    }
    const trimmed = raw.trim();
    // Comment lines and blank lines are dropped, inside a continued instruction too.
    if (trimmed.startsWith("#") || trimmed === "") return;
    const continued = trimmed.endsWith(escapeChar);
    const body = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    if (current === null) {
      const match = body.match(/^(\S+)\s*(.*)$/);
      current = { keyword: (match?.[1] ?? "").toUpperCase(), args: match?.[2] ?? "", line: index + 1 };
    } else current.args = `${current.args} ${body}`.trim();
    if (continued) return;
    heredoc = current.args.match(/(?<!<)<<-?["']?(\w+)/)?.[1] ?? null;
    instructions.push(current);
    current = null;
  });
  if (current) instructions.push(current);
  return instructions;
}

/** An image a FROM line starts from (not an earlier stage, not one named by a build argument). */
export interface FromImage {
  image: string;
  line: number;
}

/** The images a Dockerfile's stages start from, in order. */
export function fromImages(instructions: DockerfileInstruction[]): FromImage[] {
  const stages = new Set<string>();
  const images: FromImage[] = [];
  for (const { keyword, args, line } of instructions) {
    if (keyword !== "FROM") continue;
    const words = args.split(/\s+/).filter((word) => !word.startsWith("--"));
    const image = words[0] ?? "";
    const known =
      image === "" || image.includes("$") || image === "scratch" || stages.has(image.toLowerCase());
    if (!known) images.push({ image, line });
    if (words[1]?.toLowerCase() === "as" && words[2]) stages.add(words[2].toLowerCase());
  }
  return images;
}

/** A COPY or ADD source read from the build context (not from a stage or image, a URL, a heredoc, a variable). */
export interface CopySource {
  keyword: "COPY" | "ADD";
  /** As written in the Dockerfile. */
  source: string;
  line: number;
}

const REMOTE = /^(https?:\/\/|git@|git:\/\/)/;

/** The context paths each COPY/ADD reads; `COPY --from=…` reads another stage, so it has none. */
export function copySources(instructions: DockerfileInstruction[]): CopySource[] {
  const sources: CopySource[] = [];
  for (const { keyword, args, line } of instructions) {
    if (keyword !== "COPY" && keyword !== "ADD") continue;
    const flags = args.match(/^(?:--\S+\s+)*/)?.[0] ?? "";
    if (/--from=/.test(flags)) continue;
    const paths = pathsOf(args.slice(flags.length).trim());
    for (const source of paths.slice(0, -1)) {
      if (source.startsWith("<<") || source.includes("$") || REMOTE.test(source)) continue;
      sources.push({ keyword, source, line });
    }
  }
  return sources;
}

/** JSON form `["a", "b", "dest"]` or shell form `a b dest`. */
function pathsOf(rest: string): string[] {
  if (rest.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(rest);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
    } catch {
      // Not valid JSON: Docker reads it as shell form too.
    }
  }
  return rest.split(/\s+/).filter(Boolean);
}

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
