import type { DockerfileInstruction } from "./dockerfile-instructions.ts";

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
